package dev.tickbench.core.trigger;

/**
 * One armed trigger: its definition, its state and count (read by any thread), and its evaluation on
 * each tick (the sampler's thread only).
 */
abstract class Armed {
    final String name;
    final TriggerDefinition definition;
    private volatile TriggerState state = TriggerState.ARMED;
    private volatile String absent;
    private volatile long fired;
    private volatile long lastFiredWallNs;
    private volatile long stateSinceWallNs;
    /** The wall time of the tick being evaluated (the sampler's thread). */
    private long tickWallNs;

    Armed(String name, TriggerDefinition definition) {
        this.name = name;
        this.definition = definition;
    }

    /** Evaluates the tick of {@code wallNs}: its firing, or null. The sampler's thread, after each tick. */
    final Fire tick(TickState tick, long monoNs, long wallNs) {
        tickWallNs = wallNs;
        if (stateSinceWallNs == 0) {
            stateSinceWallNs = wallNs; // the state it was armed in began with the first tick it saw
        }
        return evaluate(tick, monoNs);
    }

    /** This tick's firing, or null. Called on the sampler's thread after each sample line. */
    abstract Fire evaluate(TickState tick, long monoNs);

    /** The wall time of the tick being evaluated. */
    final long tickWallNs() {
        return tickWallNs;
    }

    /** What a series trigger read so far; null for the others (and before a value). */
    TriggerStatus.Seen seen() {
        return null;
    }

    /** Releases what it holds (a PSI descriptor). */
    void close() {}

    final void state(TriggerState s) {
        if (state != TriggerState.ABSENT && state != s) {
            state = s;
            stateSinceWallNs = tickWallNs;
        }
    }

    final void absent(String reason) {
        absent = reason;
        state = TriggerState.ABSENT;
    }

    final TriggerState state() {
        return state;
    }

    final long fired() {
        return fired;
    }

    /** Counts a firing (the sampler's thread only). */
    final long count(long wallNs) {
        lastFiredWallNs = wallNs;
        return ++fired;
    }

    final TriggerStatus status() {
        return new TriggerStatus(
                name,
                definition.text(),
                definition.spec().kind(),
                state,
                fired,
                absent,
                lastFiredWallNs,
                seen(),
                stateSinceWallNs);
    }
}
