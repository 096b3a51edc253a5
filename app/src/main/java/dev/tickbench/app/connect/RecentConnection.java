package dev.tickbench.app.connect;

/**
 * A remembered connection: what the dialog needs to fill itself again, and no secret (no
 * passphrase, no key material: only the key file's path). Null port/user/key/FLOOR_HZ = not typed.
 */
public record RecentConnection(ConnectionKind kind, String host, Integer port, String user, String keyPath,
        int rateHz, Integer floorHz) {

    /** Same place: kind, host, port and user; a newer entry for the same place replaces the older. */
    boolean samePlace(RecentConnection o) {
        return kind == o.kind && host.equals(o.host) && java.util.Objects.equals(port, o.port)
                && java.util.Objects.equals(user, o.user);
    }

    /** "pi@board-7:2222 · 100 Hz" for the recent list. */
    public String label() {
        return (user == null ? "" : user + "@") + host + (port == null ? "" : ":" + port) + " · " + rateHz + " Hz"
                + (floorHz != null && floorHz > 0 ? " · FLOOR_HZ " + floorHz : "") + (kind == ConnectionKind.PROBE_SERVER ? " · probe server" : "");
    }
}
