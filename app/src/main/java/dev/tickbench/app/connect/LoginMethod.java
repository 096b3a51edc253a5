package dev.tickbench.app.connect;

/** How the workbench logs in to the host it connects to (jump hosts always log in as {@link #AGENT}). */
public enum LoginMethod {
    /**
     * As OpenSSH does by default: the keys the SSH agent holds first (only those of IdentityFile
     * with {@code IdentitiesOnly yes}), then the key files (IdentityFile, else ~/.ssh/id_ed25519,
     * id_ecdsa, id_rsa); an encrypted file's passphrase is asked only when its turn comes.
     */
    AGENT("Agent and keys"),
    /** Only the key file (the one chosen, else IdentityFile or the defaults); no agent. */
    KEY_FILE("Key file"),
    /** Password or keyboard-interactive login, each answer asked in the window and kept nowhere. */
    PASSWORD("Password");

    private final String label;

    LoginMethod(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
