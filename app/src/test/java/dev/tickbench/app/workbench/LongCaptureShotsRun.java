package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;

import dev.tickbench.app.session.Series;
import java.nio.file.Path;
import javafx.stage.Stage;

/**
 * Not a test: the workbench as a user meets a long capture, photographed. Opens {@code args[1]} (a
 * capture with its index) in the main window at 1600×1000 on the display it is given (Xvfb), writes
 * {@code long-overview.png} once the overview is drawn and {@code long-minute.png} once a minute in its
 * middle is drawn with every sample, into {@code args[0]}, and prints what the CPU badge said each time.
 * <pre>
 * DISPLAY=:77 java -cp "$(cat app/target/bench.cp):app/target/classes:app/target/test-classes" \
 *      dev.tickbench.app.workbench.LongCaptureShotsRun OUT_DIR CAPTURE
 * </pre>
 */
public final class LongCaptureShotsRun {
    private LongCaptureShotsRun() {}

    public static void main(String[] args) {
        Path capture = Path.of(args[1]);
        ShotsMain.main(new String[] {args[0]}, out -> run(out, capture));
    }

    private static void run(Path out, Path capture) throws Exception {
        WindowFixture w = fx(() -> new WindowFixture(new Stage(), ScreenshotsRun.WIDTH, ScreenshotsRun.HEIGHT));
        long t0 = System.nanoTime();
        var task = fx(() -> w.view.openCapture(capture));
        w.replayed(task);
        w.drawn();
        System.out.printf("overview drawn after %.2f s%n", (System.nanoTime() - t0) / 1e9);
        var store = fx(() -> w.vm.storeProperty().get());
        Series busy = store.series("cpu.busy_pct");
        System.out.println("CPU badge: " + busy.label());
        System.out.println("status: " + fx(() -> w.vm.statusProperty().get()));
        fx(() -> {
            PngWriter.save(w.view.getScene().getRoot(), out.resolve("long-overview.png"));
            return null;
        });
        double mid = (store.firstX() + store.latestX()) / 2;
        long t1 = System.nanoTime();
        fx(() -> {
            w.vm.window().userRange(mid, mid + 60);
            return null;
        });
        until("every sample of the minute", () -> busy.label().contains("every sample "));
        w.drawn();
        System.out.printf("minute drawn after %.2f s%n", (System.nanoTime() - t1) / 1e9);
        System.out.println("CPU badge: " + busy.label());
        fx(() -> {
            PngWriter.save(w.view.getScene().getRoot(), out.resolve("long-minute.png"));
            return null;
        });
    }
}
