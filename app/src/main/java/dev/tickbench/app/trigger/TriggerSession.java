package dev.tickbench.app.trigger;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.connect.LiveTriggers;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.trigger.TriggerControl.Request;
import dev.tickbench.core.trigger.TriggerControl.Verb;
import dev.tickbench.core.trigger.TriggerLine;
import dev.tickbench.core.trigger.TriggerParser;
import dev.tickbench.core.trigger.TriggerSet;
import dev.tickbench.core.trigger.TriggerStatus;
import dev.tickbench.core.trigger.TriggerSyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The triggers armed on the window's live session, without a view (docs/triggers.md, "For the
 * workbench"). On a probe's {@code stream} (this machine's probe process, or one over SSH) they are
 * armed and disarmed by requests written to its stdin, on a thread of their own (a link may make a write
 * wait), and the armed set is what the stream's last {@code triggers} line said; in this JVM they are
 * armed on the session's own set, which answers at once. Driven on the UI thread; what the stream's
 * thread reads ({@link TriggerTap}) comes back through {@code ui}.
 *
 * <p>A new stream on the same connection (a reconnect after the link dropped, a probe process started
 * again after it died) and a new sampler of the same target (Rate, FLOOR_HZ) start with none armed:
 * what was armed is armed again on it, under the same names, with the requests that could not be sent
 * meanwhile.
 */
final class TriggerSession {
    /** What the session tells its view, on the UI thread. */
    interface Listener {
        /** The armed set may have changed: read {@link #armed()} again. */
        void changed();

        /** A trigger fired on the stream. */
        void fired(TriggerLine t);

        void error(String text);

        void notice(String text);
    }

    private final Executor ui;
    private final Listener listener;
    private volatile Connection connection;
    /** The connection's way to take triggers; null when it has none (or there is no connection). */
    private volatile LiveTriggers live;
    /** The armed set as the stream's last {@code triggers} line said. The tap's thread writes it. */
    private volatile List<TriggerStatus> reported = List.of();
    /** Requests written to the current stream and not answered yet, oldest first: sent again on a new stream. */
    private final InFlight inFlight = new InFlight();
    /** Requests that could not be written (no stream running): sent when the next stream starts. UI thread. */
    private final List<String> pending = new ArrayList<>();
    /** What was armed on the last sampler of a target, to arm on its next one (a Rate or FLOOR_HZ change). */
    private List<String> carried = List.of();

    private String carriedTitle;
    private ExecutorService sender;

    TriggerSession(Executor ui, Listener listener) {
        this.ui = ui;
        this.listener = listener;
    }

    /**
     * The window's live connection changed (null: none, a capture is shown). A sampler of the same target
     * replacing the last one (Rate, FLOOR_HZ: the old one ends, the new one follows at once in the same
     * turn of the UI thread) gets what was armed on the last one, sent on its first hello. True when
     * such requests wait for it.
     */
    boolean connection(Connection c) {
        Connection before = connection;
        if (before != null && c == null) {
            List<String> keep = new ArrayList<>(rearmRequests(armed()));
            keep.addAll(pending);
            carried = List.copyOf(keep);
            carriedTitle = before.title();
            ui.execute(() -> {
                if (connection == null) {
                    carried = List.of();
                }
            }); // a capture opened, not a restart
        }
        connection = c;
        live = c == null ? null : c.triggers().orElse(null);
        reported = List.of();
        inFlight.clear();
        pending.clear();
        boolean carry = c != null && !carried.isEmpty() && c.title().equals(carriedTitle);
        if (carry) {
            pending.addAll(carried);
        }
        if (c != null) {
            carried = List.of();
        }
        return carry;
    }

    /** Whether triggers can be armed: the window's live session takes them. */
    boolean available() {
        return live != null;
    }

    Connection current() {
        return connection;
    }

    /** The armed set now: the in-process set's, or what the stream last said. */
    List<TriggerStatus> armed() {
        TriggerSet set = set();
        return set != null ? set.list() : reported;
    }

    /** Arms {@code text} (stripped, not empty) on an available session: null when armed or asked for, else why not. */
    String arm(String text) {
        TriggerSet set = set();
        try {
            if (set == null) {
                // checked here with the same parser first: a bad expression is refused at once with its column;
                // the probe's answer (and its armed set) arrives in the next triggers line of its stream
                TriggerParser.parse(text, SeriesCatalogue.standard());
                request(Request.arm(text).line());
            } else {
                set.arm(text);
            }
            return null;
        } catch (TriggerSyntaxException e) {
            return "Cannot arm '" + text + "': " + e.getMessage() + "\n" + e.pointer();
        } catch (IllegalStateException e) {
            return "Cannot arm '" + text + "': " + e.getMessage() + ": connect again";
        }
    }

    /** Disarms the trigger named {@code name}: null when disarmed or asked for, else why not. */
    String disarm(String name) {
        TriggerSet set = set();
        boolean known = set != null
                ? set.disarm(name)
                : available() && reported.stream().anyMatch(t -> t.name().equals(name));
        if (known && set == null) {
            request(Request.disarm(name).line());
        }
        return known ? null : "No trigger named '" + name + "' is armed on this session.";
    }

    /** The requests that arm {@code set} again under the same names. */
    static List<String> rearmRequests(List<TriggerStatus> set) {
        return set.stream().map(s -> Request.arm(s.labelled()).line()).toList();
    }

    private TriggerSet set() {
        LiveTriggers l = live;
        return l == null ? null : l.inThisJvm().orElse(null);
    }

    /** Writes {@code line} to the stream's stdin on the sender's thread; kept for the next stream when none runs. */
    private void request(String line) {
        LiveTriggers r = live;
        Connection c = connection;
        if (r == null) {
            unsent(c, line);
            return;
        }
        sender().execute(() -> {
            // listed before it is written (one sender thread: in the order written, which the probe answers
            // in), so the stream's thread never waits on a write held up by the link
            inFlight.add(line);
            if (!r.sendTriggerRequest(line) && inFlight.withdraw(line)) { // else a new stream took it over already
                ui.execute(() -> unsent(c, line));
            }
        });
    }

    private void unsent(Connection c, String line) {
        if (c != connection || c == null) {
            return; // the connection changed meanwhile: the request went with it
        }
        pending.add(line);
        listener.notice("'" + line + "' is sent when " + c.title() + "'s probe streams again (it is not streaming now:"
                + " starting or reconnecting).");
    }

    private ExecutorService sender() {
        if (sender == null) {
            sender = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "tickbench-trigger-requests");
                t.setDaemon(true);
                return t;
            });
        }
        return sender;
    }

    // ---- what the stream says (the tap's thread) ----

    /**
     * A new stream began on the connection (its hello): it has none armed. What the last stream had, what
     * was written to it unanswered and what waited are sent to it, in that order.
     */
    void newStream() {
        List<TriggerStatus> before = reported;
        reported = List.of();
        List<String> again = new ArrayList<>(rearmRequests(before));
        again.addAll(inFlight.takeAll());
        Connection c = connection;
        ui.execute(() -> {
            if (c == null || c != connection) {
                return; // the tap of a connection that has ended since
            }
            List<String> lines = new ArrayList<>(again);
            lines.addAll(pending);
            pending.clear();
            if (!lines.isEmpty()) {
                TriggerSet set = set();
                for (String l : lines) {
                    if (set != null) {
                        armInThisJvm(set, l); // a sampler in this JVM replacing the last one
                    } else {
                        request(l);
                    }
                }
                listener.notice(
                        "The stream of " + c.title() + " started again: sent to it again: " + String.join("; ", lines));
            }
            listener.changed();
        });
    }

    private void armInThisJvm(TriggerSet set, String line) {
        Request request = Request.parse(line);
        try {
            if (request.verb() == Verb.ARM) {
                set.arm(request.argument());
            } else if (request.verb() == Verb.DISARM) {
                set.disarm(request.argument());
            }
        } catch (TriggerSyntaxException | IllegalStateException e) {
            listener.error("Cannot arm '" + request.argument() + "' again: " + e.getMessage());
        }
    }

    /** A {@code triggers} line: the armed set as the probe has it, and its answers to the requests written. */
    void setLine(JsonNode line) {
        InFlight.Answers answers = inFlight.answer(line.path("replies"));
        List<TriggerStatus> now = new ArrayList<>();
        line.path("armed").forEach(t -> now.add(TriggerStatus.of(t)));
        now.removeIf(t -> answers.disarmed().contains(t.name()));
        String refused = answers.refused();
        reported = List.copyOf(now);
        Connection c = connection;
        ui.execute(() -> {
            if (!refused.isEmpty()) {
                listener.error((c == null ? "The probe" : c.title() + "'s probe") + " refused " + refused);
            }
            listener.changed();
        });
    }

    /** A firing: a {@code triggers} line comes within a second of a change, not with it; its count and state from here. */
    void fired(TriggerLine t) {
        reported = reported.stream()
                .map(r -> !r.name().equals(t.trigger()) ? r : r.firedAt(t.fired(), t.wallNs()))
                .toList();
        ui.execute(() -> listener.fired(t));
    }

    /** The session ends with the window: requests not yet written are dropped. */
    void close() {
        if (sender != null) {
            sender.shutdownNow();
            sender = null;
        }
    }
}
