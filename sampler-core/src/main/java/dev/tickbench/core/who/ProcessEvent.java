package dev.tickbench.core.who;

/**
 * A named process started or exited (FORMAT.md, "proc"): written as a line of its own after the sample
 * of the tick whose read found it.
 *
 * @param kind start (it began since the previous read) or exit (it was there at the previous read)
 * @param pid its pid
 * @param start when it started, USER_HZ ticks since boot (stat field 22): with the pid, its identity
 * @param comm its name, escaped ({@link KeyText})
 * @param key its keys' prefix in the {@code procs} source ({@code <comm>/<pid>@<start>})
 */
public record ProcessEvent(Kind kind, long pid, long start, String comm, String key) {
    public enum Kind {
        START,
        EXIT;

        public String label() {
            return this == START ? "start" : "exit";
        }
    }
}
