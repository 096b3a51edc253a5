package dev.tickbench.app.control;

import dev.tickbench.app.export.DiskSize;
import dev.tickbench.app.intake.Intake;
import dev.tickbench.app.recording.Recorder;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.SessionInfo;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Record and stop, for the session controller: the shown session's lines go to a capture file through
 * the {@link Recorder}, and the window is told how it went (docs/sessions.md, "Recording"). UI thread.
 */
final class RecordingControl {
    private final Recorder recorder = new Recorder();
    private final SessionView view;

    RecordingControl(SessionView view) {
        this.view = view;
    }

    Recorder recorder() {
        return recorder;
    }

    /** The name a recording of {@code shown} is offered under: its host and now. */
    static String name(SeriesStore shown, java.time.Instant now, java.time.ZoneId zone) {
        SessionInfo info = shown == null ? null : shown.session();
        return RecordingName.of(info == null ? null : info.hostname(), now, zone);
    }

    void start(Path file, Intake intake) {
        if (intake == null) {
            view.error(
                    "Nothing to record: connect to this machine or a host first (a replayed capture is already a file).");
            return;
        }
        try {
            recorder.start(file, intake);
            view.status("Recording to " + file);
        } catch (IOException | RuntimeException e) {
            view.error("Cannot record to " + file + ": " + e.getMessage());
        }
        view.recording(recorder.isRecording(), recorder.indicator());
    }

    Path stop() {
        try {
            Path f = recorder.stop();
            if (f != null) {
                view.status("Saved capture " + f);
                view.notice(DiskSize.saved(f));
                view.recorded(f);
            }
            return f;
        } catch (IOException e) {
            view.error(
                    "Could not finish the capture: " + e.getMessage() + " (the lines written so far are in the file)");
            return null;
        } finally {
            view.recording(recorder.isRecording(), recorder.indicator());
        }
    }

    void stopQuietly() {
        if (recorder.isRecording()) {
            stop();
        }
    }

    /** The recording indicator's refresh (size, time), while recording. */
    void pulse() {
        if (recorder.isRecording()) {
            view.recording(true, recorder.refresh());
        }
    }
}
