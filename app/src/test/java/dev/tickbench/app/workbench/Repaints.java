package dev.tickbench.app.workbench;

import io.fair_acc.bench.MeasurementRecorder;
import io.fair_acc.bench.TimeMeasure;
import io.fair_acc.chartfx.Chart;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Control;
import javafx.scene.control.Skin;
import javafx.scene.image.ImageView;
import javafx.scene.layout.Region;
import javafx.scene.shape.Shape;
import javafx.scene.text.Text;

/**
 * What each rendering pulse of a window changes, read through public API only: every node of the
 * scene is watched for what paints (its bounds in its parent, visibility, opacity, clip, effect, its
 * children; a region's background and border, a shape's fill and stroke, a text's text and font, an
 * image view's image) and for what asks JavaFX for CSS (style classes, style, id, pseudo-classes, a
 * node added); a chart's canvas drawing is counted through ChartFX's public measurement hook
 * ({@link Chart#setRecorder}), another canvas by a count the caller gives ({@link #canvas}). A pulse
 * holds what changed since the previous pulse's layout, and whether each node can be seen then.
 *
 * <p>A pulse whose changes all lie where nothing can be seen (a hidden tab, a node scrolled out of its
 * viewport), or that only asked for CSS, repaints the WHOLE window: JavaFX's renderer finds no dirty
 * region and paints everything (docs/measurements.md, 2026-12-04). Such a pulse is "blind" here. JavaFX
 * has no public view of the nodes a pulse hands its renderer (its scene's dirty list); these public
 * changes are what puts a node on that list, so a pulse with none of them seen is one the renderer
 * repaints whole. Started and stopped on the FX thread; read after {@link #stop}.
 */
final class Repaints {
    /** What a change does: paints (if it can be seen), or asks for a CSS pass. */
    enum Kind {
        PAINT,
        CSS
    }

    /**
     * One change in a pulse: which node, what of it, whether it can be seen, and whether it came during the
     * pulse's CSS and layout passes ({@code inPasses}: a CSS request then is left to the next pulse);
     * {@code where}: its ancestors up to the nearest track or node with an id, for a failure's message.
     */
    record Change(Node node, String what, Kind kind, boolean seen, boolean inPasses, boolean skinBuilt, String where) {
        /** Paints, where it is: a node taken out of the scene paints nothing itself (its parent's children changed). */
        boolean paints() {
            return kind == Kind.PAINT && node.getScene() != null;
        }

        @Override
        public String toString() {
            return name(node) + " " + what
                    + (node.getScene() == null ? " (removed)" : kind == Kind.CSS ? " (CSS)" : seen ? "" : " (not seen)")
                    + (inPasses ? " during the passes" : "")
                    + (skinBuilt ? " by its control's new skin" : "")
                    + where;
        }
    }

    /** What changed from one pulse's layout to the next's. */
    record Pulse(List<Change> changes) {
        /** Something changed, and nothing that can be seen painted: the renderer repaints everything. */
        boolean blind() {
            return !changes.isEmpty() && changes.stream().noneMatch(c -> c.seen() && c.paints());
        }

        /**
         * What asked for CSS during the pulse's passes, after the CSS pass had reached it: styled in the next
         * pulse, which may change nothing seen. A control gets its skin while it is styled, and the skin's
         * nodes added then are styled in that same pass (JavaFX styles a parent's children after it), so
         * they are not left: a gap band's new label builds its text that way.
         */
        List<Change> styleLeft() {
            return changes.stream()
                    .filter(c -> c.kind() == Kind.CSS && c.inPasses() && !c.skinBuilt())
                    .toList();
        }
    }

    private record Raw(Node node, String what, Kind kind, boolean inPasses) {}

    private final Scene scene;
    private final List<Pulse> pulses = new ArrayList<>();
    private final List<Raw> pending = new ArrayList<>();
    /** What undoes the listeners put on each watched node. */
    private final Map<Node, List<Runnable>> watched = new IdentityHashMap<>();
    /** A node's clip (which has no parent) and the node it clips. */
    private final Map<Node, Node> clipped = new IdentityHashMap<>();

    private final Map<Node, LongSupplier> canvases = new LinkedHashMap<>();
    private final Map<Node, Long> painted = new IdentityHashMap<>();
    /** The controls that got a skin during this pulse's passes (while they were styled). */
    private final Set<Node> skinnedInPasses = Collections.newSetFromMap(new IdentityHashMap<>());

    private final Runnable passesBegin = () -> inPasses = true;
    private final Runnable passesEnd = this::record;
    private boolean inPasses;

    Repaints(Scene scene) {
        this.scene = scene;
    }

    /** A canvas of the app's own that says how often it was painted (a canvas has no public state of it). */
    Repaints canvas(Node node, LongSupplier paints) {
        canvases.put(node, paints);
        return this;
    }

    void start() {
        watch(scene.getRoot());
        canvases.forEach((n, p) -> painted.put(n, p.getAsLong()));
        // after the listeners already there (the charts' own, which may restyle before the CSS pass), and
        // before CssInPulse's late CSS pass, which it keeps the last one: what asks for CSS after the CSS pass shows
        scene.addPreLayoutPulseListener(passesBegin);
        scene.addPostLayoutPulseListener(passesEnd);
    }

    void stop() {
        scene.removePreLayoutPulseListener(passesBegin);
        scene.removePostLayoutPulseListener(passesEnd);
        new ArrayList<>(watched.keySet()).forEach(this::unwatch);
    }

    List<Pulse> pulses() {
        return pulses;
    }

    /** The pulses that left styling to the next pulse (a node asked for CSS in their passes). */
    List<Pulse> styleLeft() {
        return pulses.stream().filter(p -> !p.styleLeft().isEmpty()).toList();
    }

    /** The pulses that repaint the whole window. */
    List<Pulse> blind() {
        return pulses.stream().filter(Pulse::blind).toList();
    }

    /** Every change of the span that {@code where} holds, in the order they came. */
    List<Change> changes(Predicate<Change> where) {
        List<Change> out = new ArrayList<>();
        pulses.forEach(p -> p.changes().stream().filter(where).forEach(out::add));
        return out;
    }

    /** Whether {@code n} is {@code ancestor} or lies inside it (a clip inside the node it clips). */
    boolean inside(Node n, Node ancestor) {
        for (Node a = n; a != null; a = up(a)) {
            if (a == ancestor) {
                return true;
            }
        }
        return false;
    }

    /** After the pulse's layout (and the listeners before this one): what changed since the last, as it can be seen now. */
    private void record() {
        canvases.forEach((n, p) -> {
            long now = p.getAsLong();
            if (painted.put(n, now) != now) {
                pending.add(new Raw(n, "painted", Kind.PAINT, false));
            }
        });
        List<Change> changes = new ArrayList<>();
        for (Raw r : pending) {
            changes.add(new Change(
                    r.node(),
                    r.what(),
                    r.kind(),
                    r.kind() == Kind.PAINT && seen(r.node()),
                    r.inPasses(),
                    r.inPasses()
                            && r.what().equals("added")
                            && skinnedInPasses.contains(r.node().getParent()),
                    where(r.node())));
        }
        pending.clear();
        skinnedInPasses.clear();
        pulses.add(new Pulse(changes));
        inPasses = false;
    }

    private void changed(Node n, String what, Kind kind) {
        pending.add(new Raw(n, what, kind, inPasses));
    }

    private void watch(Node n) {
        if (watched.containsKey(n)) {
            return;
        }
        List<Runnable> undo = new ArrayList<>();
        watched.put(n, undo);
        on(n, "bounds", n.boundsInParentProperty(), undo);
        on(n, "visible", n.visibleProperty(), undo);
        on(n, "opacity", n.opacityProperty(), undo);
        on(n, "effect", n.effectProperty(), undo);
        on(n, "blend mode", n.blendModeProperty(), undo);
        on(n, "view order", n.viewOrderProperty(), undo);
        ChangeListener<Node> clip = (o, was, now) -> {
            changed(n, "clip", Kind.PAINT);
            if (was != null) {
                clipped.remove(was);
                unwatch(was);
            }
            clip(n, now);
        };
        n.clipProperty().addListener(clip);
        undo.add(() -> n.clipProperty().removeListener(clip));
        clip(n, n.getClip());
        css(n, "style classes", n.getStyleClass(), undo);
        css(n, "pseudo-classes", n.getPseudoClassStates(), undo);
        cssValue(n, "style", n.styleProperty(), undo);
        cssValue(n, "id", n.idProperty(), undo);
        if (n instanceof Parent p) {
            ListChangeListener<Node> children = c -> {
                changed(p, "children", Kind.PAINT);
                while (c.next()) {
                    c.getRemoved().forEach(this::unwatch);
                    for (Node added : c.getAddedSubList()) {
                        changed(added, "added", Kind.CSS);
                        watch(added);
                    }
                }
            };
            p.getChildrenUnmodifiable().addListener(children);
            undo.add(() -> p.getChildrenUnmodifiable().removeListener(children));
            p.getChildrenUnmodifiable().forEach(this::watch);
        }
        if (n instanceof Region r) {
            on(n, "background", r.backgroundProperty(), undo);
            on(n, "border", r.borderProperty(), undo);
            on(n, "shape", r.shapeProperty(), undo);
        }
        if (n instanceof Shape s) {
            on(n, "fill", s.fillProperty(), undo);
            on(n, "stroke", s.strokeProperty(), undo);
            on(n, "stroke width", s.strokeWidthProperty(), undo);
        }
        if (n instanceof Text t) {
            on(n, "text", t.textProperty(), undo);
            on(n, "font", t.fontProperty(), undo);
        }
        if (n instanceof ImageView v) {
            on(n, "image", v.imageProperty(), undo);
            on(n, "viewport", v.viewportProperty(), undo);
        }
        if (n instanceof Control c) {
            ChangeListener<Skin<?>> skin = (o, was, now) -> {
                if (inPasses) {
                    skinnedInPasses.add(c);
                }
            };
            c.skinProperty().addListener(skin);
            undo.add(() -> c.skinProperty().removeListener(skin));
        }
        if (n instanceof Chart c) {
            // ChartFX measures its canvas drawing under this tag (Chart.runPostLayout); nothing else is measured
            c.setRecorder((tag, level) -> tag.equals("chart-drawCanvas")
                    ? (unit, time) -> changed(c, "canvas drawn", Kind.PAINT)
                    : TimeMeasure.DISABLED);
            undo.add(() -> c.setRecorder(MeasurementRecorder.DISABLED));
        }
    }

    private void clip(Node n, Node clip) {
        if (clip != null) {
            clipped.put(clip, n);
            watch(clip);
        }
    }

    private void unwatch(Node n) {
        List<Runnable> undo = watched.remove(n);
        if (undo == null) {
            return;
        }
        undo.forEach(Runnable::run);
        if (n instanceof Parent p) {
            p.getChildrenUnmodifiable().forEach(this::unwatch);
        }
        if (n.getClip() != null) {
            clipped.remove(n.getClip());
            unwatch(n.getClip());
        }
    }

    private <T> void on(Node n, String what, ObservableValue<T> v, List<Runnable> undo) {
        ChangeListener<T> l = (o, a, b) -> changed(n, what, Kind.PAINT);
        v.addListener(l);
        undo.add(() -> v.removeListener(l));
    }

    private <T> void cssValue(Node n, String what, ObservableValue<T> v, List<Runnable> undo) {
        ChangeListener<T> l = (o, a, b) -> changed(n, what, Kind.CSS);
        v.addListener(l);
        undo.add(() -> v.removeListener(l));
    }

    private void css(Node n, String what, Observable o, List<Runnable> undo) {
        InvalidationListener l = x -> changed(n, what, Kind.CSS);
        o.addListener(l);
        undo.add(() -> o.removeListener(l));
    }

    /**
     * The node {@code n} is drawn as part of: its parent, or for a clip (a node's clip has no parent) the
     * node it clips. A clip moved or resized (a list scrolled, a room grown) repaints its node, where that is.
     */
    private Node up(Node n) {
        return n.getParent() != null ? n.getParent() : clipped.get(n);
    }

    /** In the window, visible with all its ancestors, and not clipped away by any of them; a clip where its node is. */
    private boolean seen(Node n) {
        if (n.getParent() == null && up(n) != null) {
            return seen(up(n));
        }
        Scene sc = n.getScene();
        if (sc == null) {
            return false;
        }
        Bounds b = n.localToScene(n.getBoundsInLocal());
        if (!b.intersects(new BoundingBox(0, 0, sc.getWidth(), sc.getHeight()))) {
            return false;
        }
        for (Node a = n; a != null; a = a.getParent()) {
            if (!a.isVisible() || a.getOpacity() == 0) {
                return false;
            }
            if (a.getClip() != null && !b.intersects(a.localToScene(a.getClip().getBoundsInParent()))) {
                return false;
            }
        }
        return true;
    }

    /** Where {@code n} lies: its ancestors up to the nearest track or node with an id, for a failure's message. */
    private String where(Node n) {
        StringBuilder s = new StringBuilder();
        for (Node a = up(n); a != null; a = up(a)) {
            s.append(" < ").append(a.getClass().getSimpleName());
            if (a instanceof dev.tickbench.app.charts.ChartView v) {
                return s.append(" ").append(v.group().id()).toString();
            }
            if (a.getId() != null) {
                return s.append("#").append(a.getId()).toString();
            }
        }
        return s.toString();
    }

    /** A node as a failure's message names it: its class, id, style classes and text. */
    static String name(Node n) {
        String s = n.getClass().getSimpleName();
        if (n.getId() != null) {
            s += "#" + n.getId();
        }
        if (!n.getStyleClass().isEmpty()) {
            s += "." + String.join(".", n.getStyleClass());
        }
        if (n instanceof javafx.scene.control.Labeled l && l.getText() != null) {
            s += " '" + l.getText() + "'";
        }
        if (n instanceof Text t && t.getText() != null) {
            s += " '" + t.getText() + "'";
        }
        return s;
    }
}
