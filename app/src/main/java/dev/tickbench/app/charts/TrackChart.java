package dev.tickbench.app.charts;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;
import io.fair_acc.chartfx.renderer.ErrorStyle;
import io.fair_acc.chartfx.renderer.LineStyle;
import io.fair_acc.chartfx.renderer.spi.ErrorDataSetRenderer;

/**
 * A track's ChartFX chart (ChartView): it counts its canvas redraws, the honest measure of "not
 * redrawn while nothing changes" (docs/workbench-charts.md, "Redraws"), and tells its track after each.
 */
final class TrackChart extends XYChart {
    private final Runnable afterRedraw;
    private long redraws;

    TrackChart(DefaultNumericAxis x, DefaultNumericAxis y, Runnable afterRedraw) {
        super(x, y);
        this.afterRedraw = afterRedraw;
    }

    @Override
    protected void redrawCanvas() {
        redraws++;
        super.redrawCanvas();
        afterRedraw.run();
    }

    /** How often the canvas was redrawn. */
    long redraws() {
        return redraws;
    }

    /**
     * Emission marks, drawn only while they are sparse (ChartView.updateMarks): every mark is drawn, none
     * reduced; a line of them is never drawn (the line is the {@link ColumnRenderer}'s).
     */
    static ErrorDataSetRenderer markRenderer() {
        ErrorDataSetRenderer r = new ErrorDataSetRenderer();
        r.setErrorStyle(ErrorStyle.NONE);
        r.setPointReduction(false);
        r.setAssumeSortedData(true);
        r.setDrawBars(false);
        r.setDrawBubbles(false);
        r.setAllowNaNs(true);
        r.setPolyLineStyle(LineStyle.NONE);
        r.setDrawMarker(true);
        r.setShowInLegend(false);
        return r;
    }
}
