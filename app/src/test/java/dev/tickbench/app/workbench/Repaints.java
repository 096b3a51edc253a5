package dev.tickbench.app.workbench;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;

/**
 * What each rendering pulse of a window hands JavaFX's renderer, structurally: the nodes the scene
 * syncs to its render graph once CSS and layout are done (the scene's dirty list, read through
 * reflection as {@link Drawn} reads ChartFX's state), each with what changed and whether it can be seen.
 *
 * <p>A pulse whose changes all lie where nothing can be seen (a hidden tab, a node scrolled out of its
 * viewport, a root left dirty by a CSS pass that changed nothing) repaints the WHOLE window: the
 * renderer finds no dirty region and paints everything (docs/measurements.md, 2026-12-04). Such a
 * pulse is "blind" here. Started and stopped on the FX thread; read after {@link #stop}.
 */
final class Repaints {
    /** Bits that only say bounds or styles are to be recomputed: no paint by themselves. */
    private static final Set<String> NOT_PAINTING = Set.of("NODE_BOUNDS", "NODE_TRANSFORMED_BOUNDS", "NODE_CSS", "NODE_FORCE_SYNC");
    private static final Field DIRTY_NODES;
    private static final Field DIRTY_SIZE;
    private static final Field DIRTY_BITS;
    private static final Field CSS_FLAG;
    private static final Field CLIP_PARENT;

    static {
        try {
            DIRTY_NODES = Scene.class.getDeclaredField("dirtyNodes");
            DIRTY_SIZE = Scene.class.getDeclaredField("dirtyNodesSize");
            DIRTY_BITS = Node.class.getDeclaredField("dirtyBits");
            CSS_FLAG = Node.class.getDeclaredField("cssFlag");
            CLIP_PARENT = Node.class.getDeclaredField("clipParent");
            CLIP_PARENT.setAccessible(true);
            CSS_FLAG.setAccessible(true);
            DIRTY_NODES.setAccessible(true);
            DIRTY_SIZE.setAccessible(true);
            DIRTY_BITS.setAccessible(true);
        } catch (NoSuchFieldException e) {
            throw new ExceptionInInitializerError("JavaFX's Scene or Node changed its dirty list: " + e);
        }
    }

    /**
     * One node synced to the renderer in a pulse: what changed, and whether it can be seen. A node
     * taken out of the scene paints nothing itself: its parent's new children are the change.
     */
    record Change(Node node, Set<String> bits, boolean seen) {
        boolean paints() {
            return node.getScene() != null && bits.stream().anyMatch(b -> !NOT_PAINTING.contains(b));
        }

        @Override
        public String toString() {
            return name(node) + bits + (node.getScene() == null ? " (removed)" : seen ? "" : " (not seen)") + where(node);
        }
    }

    /**
     * A pulse that synced {@code changes} (none when the scene was dirty whole: its first pulses);
     * {@code restyled}: the nodes whose CSS the pulse was to redo (what asked for a pulse that may change nothing);
     * {@code styleLeft}: the nodes that asked for CSS after the pulse's CSS pass (in its layout), styled in
     * the next pulse, which may then change nothing visible.
     */
    record Pulse(List<Change> changes, List<String> restyled, List<String> styleLeft) {
        /** Something synced, and nothing that can be seen painted: the renderer repaints everything. */
        boolean blind() {
            return !changes.isEmpty() && changes.stream().noneMatch(c -> c.seen() && c.paints());
        }
    }

    private final Scene scene;
    private final List<Pulse> pulses = new ArrayList<>();
    private final Runnable listener = this::record;
    private final Runnable before = this::restyled;
    private List<String> restyled = List.of();

    Repaints(Scene scene) {
        this.scene = scene;
    }

    void start() {
        scene.addPreLayoutPulseListener(before);
        scene.addPostLayoutPulseListener(listener);
    }

    void stop() {
        scene.removePreLayoutPulseListener(before);
        scene.removePostLayoutPulseListener(listener);
    }

    List<Pulse> pulses() {
        return pulses;
    }

    /** The pulses that left styling to the next pulse (a node asked for CSS in their layout). */
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
    static boolean inside(Node n, Node ancestor) {
        for (Node a = n; a != null; a = up(a)) {
            if (a == ancestor) {
                return true;
            }
        }
        return false;
    }

    private void record() {
        try {
            Node[] nodes = (Node[]) DIRTY_NODES.get(scene);
            int size = DIRTY_SIZE.getInt(scene);
            List<Change> changes = new ArrayList<>();
            for (int i = 0; nodes != null && i < size; i++) {
                Set<String> bits = new TreeSet<>();
                ((Collection<?>) DIRTY_BITS.get(nodes[i])).forEach(b -> bits.add(String.valueOf(b)));
                changes.add(new Change(nodes[i], bits, seen(nodes[i])));
            }
            List<String> left = new ArrayList<>();
            collectRestyled(scene.getRoot(), left);
            pulses.add(new Pulse(changes, restyled, left));
            restyled = List.of();
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Before the pulse's CSS pass: the nodes (the outermost of each branch) whose CSS is to be redone. */
    private void restyled() {
        List<String> out = new ArrayList<>();
        collectRestyled(scene.getRoot(), out);
        restyled = out;
    }

    private static void collectRestyled(Node n, List<String> out) {
        String flag;
        try {
            flag = String.valueOf(CSS_FLAG.get(n));
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
        if (!flag.equals("CLEAN") && !flag.equals("DIRTY_BRANCH")) {
            out.add(name(n) + " " + flag + (n.isVisible() ? "" : " (hidden)"));
            return;
        }
        if (n instanceof javafx.scene.Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> collectRestyled(c, out));
        }
    }

    /**
     * The node {@code n} is drawn as part of: its parent, or for a clip (a node's clip has no parent) the
     * node it clips. A clip moved or resized (a list scrolled, a room grown) repaints its node, where that is.
     */
    private static Node up(Node n) {
        if (n.getParent() != null) {
            return n.getParent();
        }
        try {
            return (Node) CLIP_PARENT.get(n);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /** In the window, visible with all its ancestors, and not clipped away by any of them; a clip where its node is. */
    private static boolean seen(Node n) {
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
    private static String where(Node n) {
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
        Node owner = up(n);
        return owner == null ? s : s + (n.getParent() == null ? " clipping " : " in ") + owner.getClass().getSimpleName();
    }
}
