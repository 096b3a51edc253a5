package dev.tickbench.core.trigger;

import java.util.Locale;

/** Where an armed trigger stands (docs/triggers.md, "States"). */
public enum TriggerState {
    /** Waiting: the condition does not hold (or a kernel/kmsg trigger waits for its event). */
    ARMED,
    /** A series trigger whose value is not known now: not read yet, a window not full, a gap. Missing is not false. */
    NO_DATA,
    /** The comparison holds, for less than its {@code for} time so far. */
    HOLDING,
    /** It fired and the comparison still holds; it fires again only after it stopped holding. */
    FIRED,
    /** It can never fire here: what it reads is absent, with the reason. */
    ABSENT;

    /** As lines and {@code /triggers} write it: {@code armed}, {@code no_data}, … */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
