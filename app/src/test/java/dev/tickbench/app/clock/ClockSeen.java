package dev.tickbench.app.clock;

/** What the window tests read of the clock panel, read in its package from the state it draws. */
public final class ClockSeen {
    private ClockSeen() {}

    /**
     * The state the panel draws now: the model's newest once the ticker's next turn drew it, an older one
     * until then (a test waits for it before it reads the panel's texts).
     */
    public static ClockState shown(ClockPanel p) {
        return p.drawn;
    }
}
