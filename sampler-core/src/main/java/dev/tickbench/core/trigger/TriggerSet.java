package dev.tickbench.core.trigger;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.core.capture.JsonLineWriter;
import dev.tickbench.core.capture.LineSink;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.ValueKind;
import dev.tickbench.core.sampler.TickExtension;
import dev.tickbench.core.source.SystemRoots;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The triggers armed on one session, evaluated on the sampler's thread after every tick
 * (docs/triggers.md). Arm and disarm from any thread, at any time; each firing writes a
 * {@code trigger} line into the stream, right after the sample it fired on, and every change of the
 * set a {@code triggers} line, as does a change of the triggers' states or of what they saw, at most
 * once a second (FORMAT.md). The set reads the stream the sampler writes through
 * {@link #feed()}, so what a trigger compares is what the stream carries.
 */
public final class TriggerSet implements TickExtension {
    /** At most this many triggers at once: each may hold a kernel descriptor, and a client arms them. */
    public static final int MAX_TRIGGERS = 32;
    /**
     * Requests answered in one {@code triggers} line: one more, before that line is written, is refused
     * unread, and the line says how many were (TriggerControl): a client holds no unbounded memory, and
     * no request goes unanswered.
     */
    public static final int MAX_REPLIES = 64;
    /** How often, in stream time, a {@code triggers} line says the states and what each trigger saw, when they changed. */
    static final long STATUS_EVERY_NS = 1_000_000_000L;

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
            new com.fasterxml.jackson.databind.ObjectMapper();
    private final SeriesCatalogue catalogue;
    private final SystemRoots roots;
    private final TickState tick = new TickState();
    private final LineSink feed = tick::line;
    private volatile Armed[] armed = new Armed[0];
    private PsiPoller poller;
    private int number;
    private Supplier<? extends JsonNode> capabilities = () -> null;
    private final ArrayDeque<Reply> replies = new ArrayDeque<>();
    /** Requests refused unread since the last {@code triggers} line: more than {@link #MAX_REPLIES} came. */
    private long refusedUnread;

    private volatile boolean announce;
    /** The statuses the last {@code triggers} line wrote, and when the next may say they changed (the sampler's thread). */
    private List<TriggerStatus> written = List.of();

    private long nextStatusMonoNs = Long.MIN_VALUE;
    private boolean closed;

    /**
     * A control request's answer, written in the next {@code triggers} line.
     *
     * @param requests how many requests, in a row, it answers: 1, or those refused unread
     */
    record Reply(boolean ok, String trigger, String error, int column, long requests) {
        Reply(boolean ok, String trigger, String error, int column) {
            this(ok, trigger, error, column, 1);
        }
    }

    public TriggerSet(SeriesCatalogue catalogue, SystemRoots roots) {
        this.catalogue = catalogue;
        this.roots = roots;
    }

    /** Add this to the sampler's sinks before it starts: the lines the triggers read. */
    public LineSink feed() {
        return feed;
    }

    /** The sampler's capabilities, for telling a trigger whose source is absent (with the reason). */
    public synchronized void capabilities(Supplier<? extends JsonNode> capabilities) {
        this.capabilities = capabilities;
    }

    /** Parses and arms one expression. */
    public TriggerStatus arm(String expression) throws TriggerSyntaxException {
        return arm(TriggerParser.parse(expression, catalogue));
    }

    /**
     * Arms a parsed trigger; a trigger that can never fire here (its source absent, the kernel refusing
     * a PSI trigger) is armed ABSENT with the reason, so that the set says why.
     *
     * @throws TriggerSyntaxException its label is taken, or {@link #MAX_TRIGGERS} are armed
     */
    public synchronized TriggerStatus arm(TriggerDefinition d) throws TriggerSyntaxException {
        if (closed) {
            throw new IllegalStateException("the session has ended");
        }
        if (armed.length >= MAX_TRIGGERS) {
            throw new TriggerSyntaxException(
                    d.text(), 0, "at most " + MAX_TRIGGERS + " triggers are armed at once; " + "disarm one first");
        }
        String name = d.label();
        if (name != null && find(name) != null) {
            throw new TriggerSyntaxException(
                    d.text(), d.text().indexOf(name), "a trigger named '" + name + "' is armed already");
        }
        while (name == null || find(name) != null) {
            name = "t" + (++number);
        }
        Armed a = create(name, d);
        Armed[] next = Arrays.copyOf(armed, armed.length + 1);
        next[armed.length] = a;
        publish(next);
        return a.status();
    }

    /** Disarms the trigger named {@code name} (its kernel trigger, if any, removed); false when none is. */
    public synchronized boolean disarm(String name) {
        Armed a = find(name);
        if (a == null) {
            return false;
        }
        List<Armed> rest = new ArrayList<>(Arrays.asList(armed));
        rest.remove(a);
        publish(rest.toArray(Armed[]::new));
        a.close();
        return true;
    }

    /** Every armed trigger, in the order armed. */
    public List<TriggerStatus> list() {
        Armed[] a = armed;
        List<TriggerStatus> out = new ArrayList<>(a.length);
        for (Armed t : a) {
            out.add(t.status());
        }
        return out;
    }

    public Optional<TriggerStatus> status(String name) {
        Armed a = find(name);
        return a == null ? Optional.empty() : Optional.of(a.status());
    }

    public boolean isEmpty() {
        return armed.length == 0;
    }

    /**
     * Whether one more request can be answered in the next {@code triggers} line; if not, it is counted as
     * refused unread, and that line says so (TriggerControl, before it reads a request).
     */
    synchronized boolean admit() {
        if (replies.size() < MAX_REPLIES) {
            return true;
        }
        refusedUnread++;
        announce = true;
        return false;
    }

    /** Queues a control request's answer for the next {@code triggers} line (TriggerControl, after {@link #admit}). */
    synchronized void reply(Reply r) {
        replies.addLast(r);
        announce = true;
    }

    private Armed find(String name) {
        for (Armed a : armed) {
            if (a.name.equals(name)) {
                return a;
            }
        }
        return null;
    }

    private void publish(Armed[] next) {
        java.util.Set<String> sources = new java.util.HashSet<>();
        boolean derived = false;
        boolean kmsg = false;
        for (Armed a : next) {
            TriggerSpec s = a.definition.spec();
            SeriesRef ref = s instanceof TriggerSpec.Condition c
                    ? c.series()
                    : s instanceof TriggerSpec.Change ch ? ch.series() : null;
            if (ref != null) {
                sources.add(ref.source()); // a derived series' is the source it is computed from
                derived |= ref.kind() == ValueKind.DERIVED;
            }
            kmsg |= s instanceof TriggerSpec.Kmsg;
        }
        tick.want(sources, derived, kmsg);
        armed = next;
        announce = true;
    }

    private Armed create(String name, TriggerDefinition d) {
        TriggerSpec s = d.spec();
        if (s instanceof TriggerSpec.Psi) {
            if (poller == null) {
                poller = new PsiPoller();
            }
            return new PsiTrigger(name, d, roots, poller);
        }
        Armed a;
        if (s instanceof TriggerSpec.Kmsg) {
            a = new KmsgTrigger(name, d);
        } else if (s instanceof TriggerSpec.Condition c) {
            a = new ConditionTrigger(
                    name,
                    d,
                    new SeriesReader(
                            c.series(), catalogue.omitsIdleRows(c.series().source())));
        } else {
            TriggerSpec.Change ch = (TriggerSpec.Change) s;
            a = new ChangeTrigger(
                    name,
                    d,
                    new SeriesReader(
                            ch.series(), catalogue.omitsIdleRows(ch.series().source())));
        }
        String why = Absence.of(s, capabilities.get());
        if (why != null) {
            a.absent(why);
        }
        return a;
    }

    @Override
    public void start(TickInfo first, JsonLineWriter out) throws IOException {
        if (announce) {
            writeSet(out, first);
        }
    }

    @Override
    public void afterTick(TickInfo info, JsonLineWriter out) throws IOException {
        try {
            if (announce) {
                writeSet(out, info);
            }
            Armed[] a = armed;
            for (int i = 0; i < a.length; i++) { // indexed: no iterator per tick
                Fire f = a[i].tick(tick, info.monoNs(), info.wallNs());
                if (f != null) {
                    writeFire(out, info, a[i], a[i].count(info.wallNs()), f);
                }
            }
            if (a.length > 0 && info.monoNs() >= nextStatusMonoNs) {
                // a state changes on a tick without a line to say so (holding, no_data), and a trigger that does
                // not fire says what it saw: a reader of the stream learns both within a second
                if (!list().equals(written)) {
                    writeSet(out, info);
                }
                nextStatusMonoNs = info.monoNs() + STATUS_EVERY_NS;
            }
        } finally {
            tick.endTick();
        }
    }

    private void writeFire(JsonLineWriter out, TickInfo info, Armed a, long count, Fire f) throws IOException {
        JsonGenerator g = out.begin(TriggerLine.TYPE);
        g.writeNumberField("seq", info.seq());
        g.writeNumberField("mono_ns", info.monoNs());
        g.writeNumberField("wall_ns", info.wallNs());
        g.writeStringField("trigger", a.name);
        g.writeStringField("expr", a.definition.text());
        g.writeStringField("kind", a.definition.spec().kind());
        g.writeNumberField("fired", count);
        if (f.sinceMonoNs() >= 0) {
            g.writeNumberField("since_mono_ns", f.sinceMonoNs());
        }
        g.writeObjectFieldStart("values");
        for (Map.Entry<String, Object> e : f.values().entrySet()) {
            g.writeFieldName(e.getKey());
            Object v = e.getValue();
            if (v instanceof Double d) {
                g.writeNumber(d);
            } else if (v instanceof Number n) {
                g.writeNumber(n.longValue());
            } else {
                g.writeString(String.valueOf(v));
            }
        }
        g.writeEndObject();
        out.end();
    }

    /**
     * Writes the armed set and the answers waiting. The set is read under the lock that arming and
     * disarming take, together with the answers and the reset of {@code announce}: a change is either in
     * this line or announced on the next tick. Read outside it, a disarm landing in between would be
     * answered in a line that still lists its trigger, and with none armed no status line would follow.
     */
    private void writeSet(JsonLineWriter out, TickInfo info) throws IOException {
        List<Reply> answered;
        List<TriggerStatus> statuses;
        long unread;
        synchronized (this) {
            announce = false;
            statuses = list();
            answered = new ArrayList<>(replies);
            replies.clear();
            unread = refusedUnread;
            refusedUnread = 0;
        }
        if (unread > 0) {
            answered.add(new Reply(
                    false,
                    null,
                    unread + " request(s) refused unread: at most " + MAX_REPLIES
                            + " are answered per tick; send them again",
                    0,
                    unread));
        }
        written = statuses;
        nextStatusMonoNs = info.monoNs() + STATUS_EVERY_NS;
        JsonGenerator g = out.begin(TriggerLine.SET_TYPE);
        g.writeNumberField("mono_ns", info.monoNs());
        g.writeNumberField("wall_ns", info.wallNs());
        g.writeArrayFieldStart("armed");
        for (TriggerStatus s : statuses) {
            JSON.writeTree(g, s.json()); // the line writer's generator has no codec of its own
        }
        g.writeEndArray();
        if (!answered.isEmpty()) {
            g.writeArrayFieldStart("replies");
            for (Reply r : answered) {
                g.writeStartObject();
                g.writeBooleanField("ok", r.ok());
                if (r.trigger() != null) {
                    g.writeStringField("trigger", r.trigger());
                }
                if (r.error() != null) {
                    g.writeStringField("error", r.error());
                }
                if (r.column() > 0) {
                    g.writeNumberField("column", r.column());
                }
                if (r.requests() > 1) {
                    g.writeNumberField("requests", r.requests());
                }
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        out.end();
    }

    /** Disarms everything: every kernel trigger removed, the poller's thread ended. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (Armed a : armed) {
            a.close(); // kept in the list: its count stays readable after the session
        }
        if (poller != null) {
            poller.close();
        }
    }
}
