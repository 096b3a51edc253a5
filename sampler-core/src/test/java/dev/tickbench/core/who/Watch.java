package dev.tickbench.core.who;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.LineSink;
import dev.tickbench.core.capture.OtherLine;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.session.Session;
import dev.tickbench.core.session.SessionConfig;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.core.source.pmu.PmuSource;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;

/**
 * A real session of this machine (10 Hz, the process and cgroup tables at 2 Hz), its stream decoded as
 * any reader decodes it: per key of {@code procs} and {@code cgroups}, the latest level and the sum of a
 * counter's deltas per sample; the {@code proc} lines; how many processes a sample named at most, and
 * every one it named. Thread-safe: the sampler's thread feeds it, the test reads it.
 */
final class Watch implements LineSink, AutoCloseable {
    static final WhoConfig WHO = new WhoConfig(20, 2.0);
    private final SeriesCatalogue catalogue = SeriesCatalogue.standard();
    private final LineDecoder decoder = new LineDecoder();
    private final Session session;
    private final Map<String, Long> levels = new HashMap<>();
    private final Map<String, Long> sums = new HashMap<>();
    /** Per key, its delta on each sample that carried it (seq → delta). */
    private final Map<String, Map<Long, Long>> deltas = new HashMap<>();

    private final List<JsonNode> events = new ArrayList<>();
    private final Set<String> namedEver = new HashSet<>();
    private int mostNamed;
    private long tableReads;
    private IOException failure;

    Watch() throws Exception {
        session = Session.open(
                new SessionConfig(SystemRoots.live(), 10, OptionalInt.of(0), null, 2, WHO, PmuSource.DEFAULT_HZ),
                Map.of());
        session.sampler().addSink(this);
        session.sampler().start();
    }

    @Override
    public synchronized void line(byte[] b, int off, int len) {
        StreamLine l;
        try {
            l = decoder.decode(b, off, len);
        } catch (IOException e) {
            failure = e;
            return;
        }
        if (l instanceof OtherLine o && o.type().equals("proc")) {
            events.add(o.raw());
        } else if (l instanceof SampleLine s) {
            take(s, "procs");
            take(s, "cgroups");
        }
    }

    private void take(SampleLine s, String source) {
        SourceValues v = s.sources().get(source);
        if (v == null) {
            return;
        }
        if (source.equals("procs")) {
            tableReads++;
        }
        Set<String> named = new HashSet<>();
        for (int i = 0; i < v.size(); i++) {
            String key = source + "." + v.keys()[i];
            long value = v.values()[i];
            if (catalogue.isLevel(source, v.keys()[i])) {
                levels.put(key, value);
            } else {
                sums.merge(key, value, Long::sum);
                deltas.computeIfAbsent(key, k -> new LinkedHashMap<>()).put(s.seq(), value);
            }
            if (source.equals("procs") && !v.keys()[i].startsWith("rest|")) {
                named.add(v.keys()[i].substring(0, v.keys()[i].lastIndexOf('|')));
            }
        }
        mostNamed = Math.max(mostNamed, named.size());
        namedEver.addAll(named);
    }

    private synchronized void check() throws IOException {
        if (failure != null) {
            throw failure;
        }
    }

    /** The latest value of a level series ({@code procs.<key>}), or null. */
    synchronized Long level(String series) {
        return levels.get(series);
    }

    /** The sum of a counter series' deltas so far, or null when none came. */
    synchronized Long sum(String series) {
        return sums.get(series);
    }

    /** The counter series' delta per sample seq. */
    synchronized Map<Long, Long> deltas(String series) {
        return new LinkedHashMap<>(deltas.getOrDefault(series, Map.of()));
    }

    /** The key prefix ({@code <comm>/<pid>@<start>}) a process of this pid was named under, or null. */
    synchronized String prefixOf(long pid) {
        for (String p : namedEver) {
            if (p.substring(p.lastIndexOf('/') + 1).startsWith(pid + "@")) {
                return p;
            }
        }
        return null;
    }

    synchronized List<JsonNode> events() {
        return List.copyOf(events);
    }

    synchronized int mostNamed() {
        return mostNamed;
    }

    synchronized int namedEver() {
        return namedEver.size();
    }

    synchronized long tableReads() {
        return tableReads;
    }

    @Override
    public void close() throws IOException {
        session.close();
        check();
    }
}
