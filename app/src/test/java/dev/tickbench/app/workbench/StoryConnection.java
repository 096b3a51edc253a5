package dev.tickbench.app.workbench;

import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.connect.ConnectionEvent;
import dev.tickbench.core.capture.LineSink;
import dev.tickbench.core.capture.StreamFormat;
import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.core.sampler.SamplerConfig;
import dev.tickbench.testkit.ScriptedBoard;
import dev.tickbench.testkit.StoryCapture;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.function.Consumer;

/**
 * A live session on a scripted board (the testkit's {@link ScriptedBoard}): the real sampler reads the
 * board's files, ticked on the story's test clock (as {@link StoryCapture} does), one stage at a time
 * when the test says so ({@link #playNextStage()}), so a test sees the workbench follow the story as it
 * comes. Its lines go through the window's own intake, as a probe's would.
 */
final class StoryConnection implements Connection {
    private final String board;
    private final Path dir;
    private final Semaphore stagesToPlay = new Semaphore(0);
    private volatile boolean closed;
    private Thread player;

    StoryConnection(String board, Path dir) {
        this.board = board;
        this.dir = dir;
    }

    @Override
    public String title() {
        return "scripted " + board;
    }

    /** Lets the next stage's ticks through. */
    void playNextStage() {
        stagesToPlay.release();
    }

    @Override
    public synchronized void start(LineSink sink, Consumer<ConnectionEvent> events) {
        player = new Thread(() -> play(sink, events), "story-" + board);
        player.setDaemon(true);
        player.start();
    }

    private void play(LineSink sink, Consumer<ConnectionEvent> events) {
        try {
            ScriptedBoard b = ScriptedBoard.open(board, dir);
            try (Sampler s =
                    Sampler.create(new SamplerConfig(b.roots(), StoryCapture.RATE_HZ, 0), List.of(), List.of())) {
                s.format(StreamFormat.V2);
                s.addSink(sink);
                byte[] hello = s.helloLine();
                sink.line(hello, 0, hello.length);
                events.accept(new ConnectionEvent.Connected("playing " + board + "'s story"));
                long base = StoryCapture.startedMonoNs(hello);
                for (ScriptedBoard.Stage st : b.stages()) {
                    stagesToPlay.acquire();
                    for (int t = st.firstTick(); t <= st.lastTick() && !closed; t++) {
                        b.beforeTick(t);
                        s.tick(base + t * StoryCapture.TICK_NS, StoryCapture.START_WALL_NS + t * StoryCapture.TICK_NS);
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // closed while waiting for the next stage
        } catch (IOException | RuntimeException e) {
            if (!closed) {
                events.accept(new ConnectionEvent.Failed("the story of " + board + " stopped: " + e));
            }
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (player != null) {
            player.interrupt();
            try {
                player.join(dev.tickbench.testkit.Waits.DEADLINE.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
