package dev.tickbench.app.connect;

/** The user's answer to a first-contact host key. */
public enum HostKeyDecision {
    /** Trust the key and append it to known_hosts. */
    ACCEPT,
    /** Do not connect. */
    REJECT
}
