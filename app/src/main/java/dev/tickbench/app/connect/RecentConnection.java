package dev.tickbench.app.connect;

import java.util.Objects;

/**
 * A remembered connection: what the dialog needs to fill itself again, and no secret (no
 * passphrase, no password, no key material: only the key file's path and how to log in). Null
 * port/user/key/FLOOR_HZ/jump = not typed; a null login (an entry saved before logins were chosen)
 * is the key file's when it names one, else the agent's.
 */
public record RecentConnection(
        ConnectionKind kind,
        String host,
        Integer port,
        String user,
        String keyPath,
        int rateHz,
        Integer floorHz,
        String jump,
        LoginMethod login) {

    /** Directly, logging in as the key path says (a key file when there is one). */
    public RecentConnection(
            ConnectionKind kind, String host, Integer port, String user, String keyPath, int rateHz, Integer floorHz) {
        this(kind, host, port, user, keyPath, rateHz, floorHz, null, null);
    }

    /** How this entry logs in. */
    public LoginMethod loginMethod() {
        return login != null ? login : keyPath != null ? LoginMethod.KEY_FILE : LoginMethod.AGENT;
    }

    /** Same place: kind, host, port, user and jump host; a newer entry for the same place replaces the older. */
    boolean samePlace(RecentConnection o) {
        return kind == o.kind
                && host.equals(o.host)
                && Objects.equals(port, o.port)
                && Objects.equals(user, o.user)
                && Objects.equals(jump, o.jump);
    }

    /** "pi@board-7:2222 · 100 Hz" for the recent list; "· via lab-gw" through a jump host, "· password" for a password login. */
    public String label() {
        return (user == null ? "" : user + "@") + host + (port == null ? "" : ":" + port) + " · " + rateHz + " Hz"
                + (floorHz != null && floorHz > 0 ? " · FLOOR_HZ " + floorHz : "")
                + (jump == null ? "" : " · via " + jump)
                + (login == LoginMethod.PASSWORD ? " · password" : "")
                + (kind == ConnectionKind.PROBE_SERVER ? " · probe server" : "");
    }
}
