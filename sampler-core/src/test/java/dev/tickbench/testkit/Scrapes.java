package dev.tickbench.testkit;

import java.util.regex.Pattern;

/** What the tests read of a {@code /metrics} text (docs/serve.md). */
public final class Scrapes {
    /** A sample line's read time: the third field, after the value. */
    private static final Pattern READ_TIME = Pattern.compile(
            "(?m)^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\\{(?:[^\"}]|\"(?:[^\"\\\\]|\\\\.)*\")*\\})? \\S+) \\d+$");

    private Scrapes() {}

    /**
     * {@code text} without the read times its counters carry ("Read times"), so a test can name a sample by
     * its value alone: {@code tickbench_cpu_seconds_total{mode="user"} 0.35}.
     */
    public static String withoutReadTimes(String text) {
        return READ_TIME.matcher(text).replaceAll("$1");
    }
}
