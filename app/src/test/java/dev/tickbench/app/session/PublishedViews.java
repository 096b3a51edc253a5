package dev.tickbench.app.session;

import java.util.List;

/** Views of one point log as the store publishes them, for the readers' tests in other packages. */
public final class PublishedViews {
    private PublishedViews() {}

    /**
     * The view of a line holding {@code x1, y1}, then the view after the line was replaced in place by
     * {@code x2, y2} (a long capture's run read where its overview was: {@link SeekableReplay}).
     */
    public static List<Points> replacedInPlace(double[] x1, double[] y1, double[] x2, double[] y2) {
        PointLog log = new PointLog(16);
        for (int i = 0; i < x1.length; i++) {
            log.add(x1[i], y1[i]);
        }
        log.publish(Double.NaN, Double.NaN, Integer.MAX_VALUE);
        Points before = log.view();
        log.replace(x2.clone(), y2.clone(), x2.length);
        log.publish(Double.NaN, Double.NaN, Integer.MAX_VALUE);
        return List.of(before, log.view());
    }
}
