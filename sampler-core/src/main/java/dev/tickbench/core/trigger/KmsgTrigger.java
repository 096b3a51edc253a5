package dev.tickbench.core.trigger;

import dev.tickbench.core.capture.KmsgLine;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;

/**
 * {@code kmsg [prio <= N] ~ /REGEX/}: fires on a tick that wrote a kernel log record the regex finds,
 * once per tick however many matched (the count is in its values). The regex comes from a client, so
 * its work per record is bounded ({@link #STEPS_PER_RECORD} character reads): a pattern that backtracks
 * without end gives up on that record, which is counted, instead of stalling the sampler.
 */
final class KmsgTrigger extends Armed {
    /** Character reads one record may cost the regex: far above any sane pattern on a 1 KB record. */
    static final int STEPS_PER_RECORD = 200_000;

    private final TriggerSpec.Kmsg spec;
    private final Matcher matcher;
    private long gaveUp;

    KmsgTrigger(String name, TriggerDefinition definition) {
        super(name, definition);
        this.spec = (TriggerSpec.Kmsg) definition.spec();
        this.matcher = spec.regex().matcher("");
    }

    @Override
    Fire evaluate(TickState tick, long monoNs) {
        KmsgLine first = null;
        int matches = 0;
        for (KmsgLine k : tick.kmsg()) {
            if (k.prio() <= spec.maxPrio() && find(k.msg())) {
                matches++;
                if (first == null) {
                    first = k;
                }
            }
        }
        if (first == null) {
            return null;
        }
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("msg", first.msg());
        values.put("prio", first.prio());
        values.put("kmsg_seq", first.seq());
        values.put("us", first.usec());
        values.put("matches", matches);
        return new Fire(values, -1);
    }

    private boolean find(String msg) {
        try {
            return matcher.reset(new Bounded(msg, STEPS_PER_RECORD)).find();
        } catch (Bounded.TooCostly e) {
            gaveUp++;
            return false;
        }
    }

    /** Records on which the regex gave up (too costly). */
    long gaveUp() {
        return gaveUp;
    }

    /** A string whose characters may be read {@code budget} times in all, then the read throws. */
    static final class Bounded implements CharSequence {
        static final class TooCostly extends RuntimeException {
            TooCostly() {
                super("the regex read more than its budget of characters", null, false, false);
            }
        }

        private final String s;
        private final int[] left;
        private final int from;
        private final int to;

        Bounded(String s, int budget) {
            this(s, new int[] {budget}, 0, s.length());
        }

        private Bounded(String s, int[] left, int from, int to) {
            this.s = s;
            this.left = left;
            this.from = from;
            this.to = to;
        }

        @Override
        public char charAt(int index) {
            if (--left[0] < 0) {
                throw new TooCostly();
            }
            return s.charAt(from + index);
        }

        @Override
        public int length() {
            return to - from;
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return new Bounded(s, left, from + start, from + end);
        }

        @Override
        public String toString() {
            return s.substring(from, to);
        }
    }
}
