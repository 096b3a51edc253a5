package dev.tickbench.core.source;

/**
 * Whether a source could be read on this system, and if not, why. An absent source is left out of
 * samples; it is never reported as zero.
 */
public record Presence(boolean present, String reason) {
    public static final Presence PRESENT = new Presence(true, null);

    public static Presence absent(String reason) {
        return new Presence(false, reason);
    }
}
