package dev.tickbench.app.control;

import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.SessionInfo;
import java.util.Locale;

/**
 * The window's title and its status line's sample count, in words (docs/sessions.md): where the data
 * comes from, then what its hello says, and while live the samples per second that arrive.
 */
public final class TitleModel {
    private long lastSamples;
    private long lastStatusNs;

    /**
     * "Tickbench — this machine · host (kernel) · 100 Hz · FLOOR_HZ off", with {@code user@host:port} or
     * the capture's file name first instead, and "● REC 12 MB 04:31" last while recording.
     *
     * @param source where the data comes from ("" before anything is shown)
     * @param info the shown session's hello, or null
     * @param recording the recording indicator, or empty
     */
    public static String title(String source, SessionInfo info, String recording) {
        return title(source, info, recording, null);
    }

    /**
     * The title while a capture is shown beside a live session ({@code liveBehind}, its title: "this
     * machine"; null when none): it names the capture first and says what goes on behind it, with the
     * live session's recording there, not as if the capture were being recorded.
     */
    public static String title(String source, SessionInfo info, String recording, String liveBehind) {
        if (liveBehind != null) {
            String rec = recording == null || recording.isEmpty() ? "" : " " + recording;
            return title(source, info, "") + " · live behind: " + liveBehind + rec;
        }
        StringBuilder t = new StringBuilder("Tickbench");
        String from = source == null ? "" : source;
        if (!from.isEmpty()) {
            t.append(" — ").append(from);
        }
        if (info != null) {
            t.append(from.isEmpty() ? " — " : " · ")
                    .append(info.hostText())
                    .append(" · ")
                    .append(info.rateText());
        }
        if (recording != null && !recording.isEmpty()) {
            t.append(" · ").append(recording);
        }
        return t.toString();
    }

    /**
     * Once a second, live: "98.0 samples/s · 2950 samples · 0 kmsg dropped · following"; null between
     * (and for a replay, where nothing arrives by the second).
     */
    String samplesLine(SeriesStore s, long nowNs, boolean live, boolean following) {
        if (nowNs - lastStatusNs < 1_000_000_000L) {
            return null;
        }
        long n = s.samples();
        String line = null;
        if (lastStatusNs != 0 && live) {
            double perS = (n - lastSamples) * 1e9 / (nowNs - lastStatusNs);
            line = String.format(
                    Locale.ROOT,
                    "%.1f samples/s · %d samples · %d kmsg dropped%s · %s",
                    perS,
                    n,
                    s.kmsgDropped(),
                    s.marksDropped() > 0 ? " · " + s.marksDropped() + " older events dropped" : "",
                    following ? "following" : "paused (space follows)");
        }
        lastSamples = n;
        lastStatusNs = nowNs;
        return line;
    }
}
