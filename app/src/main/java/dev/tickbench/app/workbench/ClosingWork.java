package dev.tickbench.app.workbench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Work that must reach the disk before the app ends, not be cut off (a trigger's capture being
 * written): each is started when the app shuts down, and all are waited for up to {@link #WAIT_S}
 * seconds together. FX thread.
 */
final class ClosingWork {
    /** How long quitting waits for them. */
    static final long WAIT_S = 10;

    private final List<Supplier<CompletableFuture<?>>> work = new ArrayList<>();

    void add(Supplier<CompletableFuture<?>> closing) {
        work.add(closing);
    }

    /** Starts each and waits for them all, up to {@link #WAIT_S} seconds. */
    void runAndWait() {
        CompletableFuture<?>[] pending = work.stream().map(Supplier::get).toArray(CompletableFuture[]::new);
        try {
            CompletableFuture.allOf(pending).get(WAIT_S, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // a disk that takes longer: the writer's own close keeps what it wrote (a capture is renamed when whole)
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
