package dev.tickbench.app.bench;

import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.TimeMark;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The samples the workbench's hand-off dropped (docs/workbench-intake.md), read from what the store
 * marked: each drop is a gap line of the hand-off's reason, and its gap mark names the seq range lost.
 */
final class HandoffDrops {
    private static final Pattern RANGE = Pattern.compile("workbench_behind \\(seq (\\d+)–(\\d+)\\)");

    private HandoffDrops() {}

    /** Samples dropped by the hand-off over the marks {@code store} keeps. */
    static long in(SeriesStore store) {
        long n = 0;
        for (TimeMark m : store.marks()) {
            Matcher r = m.kind() == TimeMark.Kind.GAP ? RANGE.matcher(m.text()) : null;
            if (r != null && r.find()) {
                n += Long.parseLong(r.group(2)) - Long.parseLong(r.group(1)) + 1;
            }
        }
        return n;
    }
}
