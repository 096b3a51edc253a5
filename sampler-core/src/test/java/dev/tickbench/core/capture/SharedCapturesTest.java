package dev.tickbench.core.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.testkit.RealCaptures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Readers of one capture share one read of its index while one of them holds it, and a capture or index
 * changed since is read again: the replay and the clock panel of a capture opened in the workbench.
 */
class SharedCapturesTest {
    @TempDir
    Path dir;

    /** The real capture written again by the recorder's writer: in blocks, with its index beside it. */
    private Path indexed() throws IOException {
        Path capture = RealCaptures.indexed("who.ndjson.gz", dir.resolve("who.ndjson.gz"));
        int blocks = SeekableCapture.open(capture, 2).index().blocks().size();
        assertTrue(blocks > 2, blocks + " blocks");
        return capture;
    }

    @Test
    void readersAtOnceShareOneRead() throws Exception {
        Path capture = indexed();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<SeekableCapture>> opens = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                // the same file by another name: the replay and the clock panel need not spell it alike
                Path name = i % 2 == 0 ? capture : dir.resolve(".").resolve("who.ndjson.gz");
                opens.add(pool.submit(() -> {
                    go.await();
                    return SharedCaptures.open(name);
                }));
            }
            go.countDown();
            SeekableCapture first = opens.get(0).get(60, TimeUnit.SECONDS);
            for (Future<SeekableCapture> f : opens) {
                assertSame(first, f.get(60, TimeUnit.SECONDS));
            }
            assertSame(first, SharedCaptures.open(capture), "held: not read again");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aChangedIndexIsReadAgain() throws Exception {
        Path capture = indexed();
        SeekableCapture before = SharedCaptures.open(capture);
        Path idx = CaptureWriter.indexPath(capture);
        Files.setLastModifiedTime(
                idx, FileTime.fromMillis(Files.getLastModifiedTime(idx).toMillis() + 2000));
        SeekableCapture after = SharedCaptures.open(capture);
        assertNotSame(before, after);
        assertEquals(before.index().blocks().size(), after.index().blocks().size());

        Files.delete(idx);
        assertNull(SharedCaptures.open(capture), "no index now");
        // files without an index are not remembered: opening many keeps the map at one entry at most
        for (int i = 0; i < 20; i++) {
            assertNull(SharedCaptures.open(Files.copy(capture, dir.resolve("plain-" + i + ".ndjson.gz"))));
        }
        assertTrue(SharedCaptures.entries() <= 2, SharedCaptures.entries() + " entries");
    }

    @Test
    void anIndexNotTheCapturesFailsEveryTime() throws Exception {
        Path capture = indexed();
        Path other = dir.resolve("short.ndjson.gz");
        Files.write(other, java.util.Arrays.copyOf(Files.readAllBytes(capture), 100));
        Files.copy(CaptureWriter.indexPath(capture), CaptureWriter.indexPath(other));
        for (int i = 0; i < 2; i++) {
            IOException e = assertThrows(IOException.class, () -> SharedCaptures.open(other));
            assertTrue(e.getMessage().contains("is not this capture's"), e.getMessage());
        }
    }
}
