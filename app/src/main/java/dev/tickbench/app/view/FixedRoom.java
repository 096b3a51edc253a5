package dev.tickbench.app.view;

import javafx.geometry.HPos;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.geometry.VPos;
import javafx.scene.Node;
import javafx.scene.layout.Region;
import javafx.scene.shape.Rectangle;

/**
 * Room of its own for something that changes often without changing the room it needs: the status row,
 * the clock verdict's column, the overview's rates. A changed text asks JavaFX to lay out its label and
 * every ancestor up to the window's root: each second the status row and the clock's figures laid out
 * the whole window, its toolbar, tabs and tracks measured again (docs/measurements.md
 * 2026-12-04: live cost). Here such a change lays out this room and what is inside it only, as long as
 * what the room asks of its parent (its min and preferred size) stays the same; when that changes, the
 * parent is asked as usual.
 *
 * <p>A dimension given by the parent ({@link #widthFromParent}, {@link #heightFromParent}: the status
 * row takes the window's width, the clock's column the tracks' height) asks nothing there, so a
 * content whose preferred size follows its text (a longer status, a wrapped verdict) still lays out
 * only the room. A content larger than the room is cut at its edges: grown past it, it would change the
 * room's bounds and every ancestor's, and the renderer would repaint them. FX thread.
 */
public final class FixedRoom extends Region {
    private final Node content;
    private final HPos hpos;
    private final VPos vpos;
    /** What the parent was last asked for: min and preferred width and height (NaN: not yet). */
    private final double[] asked = {Double.NaN, Double.NaN, Double.NaN, Double.NaN};

    private long localLayouts;

    /** {@code content} placed in the room at {@code pos} (filling it as far as its max size lets it). */
    public FixedRoom(Node content, Pos pos) {
        this.content = content;
        this.hpos = pos.getHpos();
        this.vpos = pos.getVpos();
        getChildren().add(content);
        // what grows past the room is cut at its edges: its bounds, and so its ancestors', stay the room's
        Rectangle clip = new Rectangle();
        clip.widthProperty().bind(widthProperty());
        clip.heightProperty().bind(heightProperty());
        setClip(clip);
    }

    /** The parent gives the width (the window's, the column's): none is asked, whatever the content says. */
    public FixedRoom widthFromParent() {
        setMinWidth(0);
        setPrefWidth(0);
        return this;
    }

    /** The parent gives the height: none is asked, whatever the content says. */
    public FixedRoom heightFromParent() {
        setMinHeight(0);
        setPrefHeight(0);
        return this;
    }

    public Node content() {
        return content;
    }

    /** How often a change inside was laid out here without asking the parent (tests). */
    public long localLayouts() {
        return localLayouts;
    }

    @Override
    public void requestLayout() {
        double[] now = {
            ask(getMinWidth(), () -> computeMinWidth(-1)),
            ask(getPrefWidth(), () -> computePrefWidth(-1)),
            ask(getMinHeight(), () -> computeMinHeight(-1)),
            ask(getPrefHeight(), () -> computePrefHeight(-1))
        };
        if (getParent() != null && java.util.Arrays.equals(now, asked)) {
            localLayouts++;
            setNeedsLayout(true); // this room only: its ancestors are walked through, not laid out again
            return;
        }
        System.arraycopy(now, 0, asked, 0, 4);
        super.requestLayout();
    }

    private static double ask(double set, java.util.function.DoubleSupplier computed) {
        return set != USE_COMPUTED_SIZE ? set : computed.getAsDouble();
    }

    @Override
    protected double computeMinWidth(double height) {
        return across(content.minWidth(-1));
    }

    @Override
    protected double computePrefWidth(double height) {
        return across(content.prefWidth(-1));
    }

    @Override
    protected double computeMinHeight(double width) {
        return down(content.minHeight(-1));
    }

    @Override
    protected double computePrefHeight(double width) {
        return down(content.prefHeight(
                width < 0 ? -1 : width - getInsets().getLeft() - getInsets().getRight()));
    }

    /** The room's width for a content this wide: with its insets. */
    private double across(double contentWidth) {
        return getInsets().getLeft() + contentWidth + getInsets().getRight();
    }

    /** The room's height for a content this tall: with its insets. */
    private double down(double contentHeight) {
        return getInsets().getTop() + contentHeight + getInsets().getBottom();
    }

    @Override
    protected void layoutChildren() {
        Insets i = getInsets();
        layoutInArea(
                content,
                i.getLeft(),
                i.getTop(),
                getWidth() - i.getLeft() - i.getRight(),
                getHeight() - i.getTop() - i.getBottom(),
                0,
                hpos,
                vpos);
    }
}
