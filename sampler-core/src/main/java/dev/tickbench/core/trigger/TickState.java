package dev.tickbench.core.trigger;

import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.KmsgLine;
import dev.tickbench.core.capture.LineBytes;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.derived.DerivedSeries;
import dev.tickbench.core.derived.DerivedValue;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The stream as the triggers read it on one tick: the lines the sampler wrote since the previous
 * tick, decoded by the same {@link LineDecoder} and {@link DerivedSeries} every reader uses, so a
 * trigger sees exactly the values a capture of the stream holds. Only what an armed trigger needs is
 * decoded (samples for series triggers, kmsg records for regex triggers); the hello and the schema
 * lines always, so that a trigger armed later reads format 2 values by the right key lists. One
 * thread: the sampler's.
 */
final class TickState {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(TickState.class);
    private static final byte[] KMSG = LineBytes.typePrefix("kmsg");
    private static final byte[] GAP = LineBytes.typePrefix(GapLine.TYPE);

    private final LineDecoder decoder = new LineDecoder();
    private final DerivedSeries derived = new DerivedSeries();
    private SampleLine sample;
    private List<DerivedValue> derivedValues = List.of();
    private final List<KmsgLine> kmsg = new ArrayList<>();
    /** Counts hellos and gaps: a trigger that holds a value forgets it when this moves. */
    private long epoch;
    /** Whether a line that did not decode was logged. */
    private boolean warned;

    private volatile boolean wantSamples;
    private volatile boolean wantDerived;
    private volatile boolean wantKmsg;
    /** The sources the armed series triggers read: the only ones a sample is decoded for. */
    private volatile java.util.Set<String> sources = java.util.Set.of();

    TickState() {
        decoder.decodeOnly(s -> sources.contains(s));
    }

    /** What the armed triggers need decoded (TriggerSet, when the set changes). */
    void want(java.util.Set<String> sampleSources, boolean derived, boolean kmsg) {
        sources = java.util.Set.copyOf(sampleSources);
        wantSamples = !sampleSources.isEmpty();
        wantDerived = derived;
        wantKmsg = kmsg;
    }

    /** One line of the stream, as the sampler fans it out. */
    void line(byte[] b, int off, int len) {
        try {
            if (LineBytes.isSample(b, off, len)) {
                if (wantSamples || wantDerived) {
                    sample = (SampleLine) decoder.decode(b, off, len);
                    if (wantDerived) {
                        derivedValues = derived.accept(sample);
                    }
                }
            } else if (LineBytes.isType(b, off, len, KMSG)) {
                if (wantKmsg) {
                    kmsg.add((KmsgLine) decoder.decode(b, off, len));
                }
            } else if (LineBytes.setsKeys(b, off, len) || LineBytes.isType(b, off, len, GAP)) {
                StreamLine l = decoder.decode(b, off, len);
                if (l instanceof Hello || l instanceof GapLine) {
                    derived.accept(l); // the rate, the host's CPUs; a gap empties the windows
                    epoch++;
                }
            }
        } catch (IOException | RuntimeException e) {
            if (!warned) {
                warned = true; // once: a stream that does not decode says so on every line
                LOG.warn("the triggers could not decode a stream line, and read no values from it: {}", e.toString());
            }
        }
    }

    /** This tick's sample, or null when none was decoded (no series trigger armed). */
    SampleLine sample() {
        return sample;
    }

    /** This tick's derived values (full windows only). */
    List<DerivedValue> derived() {
        return derivedValues;
    }

    /** The kernel log records written on this tick. */
    List<KmsgLine> kmsg() {
        return kmsg;
    }

    long epoch() {
        return epoch;
    }

    /** After the triggers have read the tick. */
    void endTick() {
        sample = null;
        derivedValues = List.of();
        kmsg.clear();
    }
}
