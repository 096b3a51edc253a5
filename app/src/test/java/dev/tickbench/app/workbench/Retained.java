package dev.tickbench.app.workbench;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Why an object a test expects to be let go is still reachable: a breadth-first walk of the object graph
 * from a root (the window's view, its view-model) through every field, array element and collection
 * member, which returns the first path to the object. A message for a failed release check, not a check
 * of its own. Fields the module system keeps closed are read through the collection's own API instead.
 */
final class Retained {
    private static final int MAX_OBJECTS = 2_000_000;

    private Retained() {}

    /**
     * Collects until {@code ref} clears (every wait has its deadline); else fails with the path from the
     * window's view and view-model that holds what it refers to.
     */
    static void letGo(WindowFixture w, String what, java.lang.ref.WeakReference<?> ref) throws Exception {
        try {
            WindowFixture.until(what + " let go", java.time.Duration.ofSeconds(20), () -> {
                System.gc();
                return ref.get() == null;
            });
        } catch (AssertionError held) {
            Object still = ref.get();
            throw new AssertionError(
                    held.getMessage() + ", held by:\n  " + WindowFixture.fx(() -> pathTo(still, w.view, w.vm)), held);
        }
    }

    /** The first path from one of {@code roots} to {@code target}, or "no path from the roots". */
    static String pathTo(Object target, Object... roots) {
        Map<Object, Object[]> parent = new IdentityHashMap<>(); // object -> {from, how}
        Deque<Object> queue = new ArrayDeque<>();
        for (Object r : roots) {
            if (r != null && !parent.containsKey(r)) {
                parent.put(r, new Object[] {null, "root " + r.getClass().getName()});
                queue.add(r);
            }
        }
        while (!queue.isEmpty() && parent.size() < MAX_OBJECTS) {
            Object o = queue.poll();
            if (o == target) {
                return path(parent, o);
            }
            for (Object[] edge : edges(o)) {
                Object next = edge[0];
                if (next != null && !parent.containsKey(next) && !skip(next)) {
                    parent.put(next, new Object[] {o, edge[1]});
                    queue.add(next);
                }
            }
        }
        return "no path from the roots (" + parent.size() + " objects walked)";
    }

    private static boolean skip(Object o) {
        Class<?> c = o.getClass();
        return c.isPrimitive()
                || o instanceof String
                || o instanceof Number
                || o instanceof Boolean
                || o instanceof Character
                || o instanceof Class
                || o instanceof ClassLoader
                || o instanceof Thread
                || c.getName().startsWith("java.lang.invoke")
                || c.getName().startsWith("java.lang.ref");
    }

    private static List<Object[]> edges(Object o) {
        List<Object[]> out = new ArrayList<>();
        Class<?> c = o.getClass();
        if (c.isArray()) {
            if (!c.getComponentType().isPrimitive()) {
                for (int i = 0; i < Array.getLength(o); i++) {
                    out.add(new Object[] {Array.get(o, i), "[" + i + "]"});
                }
            }
            return out;
        }
        boolean opened = true;
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive()) {
                    continue;
                }
                try {
                    f.setAccessible(true);
                    out.add(new Object[] {f.get(o), k.getSimpleName() + "." + f.getName()});
                } catch (RuntimeException | IllegalAccessException closed) {
                    opened = false;
                }
            }
        }
        if (!opened) {
            try {
                if (o instanceof Map<?, ?> m) {
                    for (Map.Entry<?, ?> e : List.copyOf(m.entrySet())) {
                        if (!(o instanceof java.util.WeakHashMap)) { // a weak key holds nothing
                            out.add(new Object[] {e.getKey(), "key"});
                        }
                        out.add(new Object[] {e.getValue(), "value of " + e.getKey()});
                    }
                } else if (o instanceof Collection<?> col) {
                    int i = 0;
                    for (Object x : List.copyOf(col)) {
                        out.add(new Object[] {x, "element " + i++});
                    }
                }
            } catch (RuntimeException ignored) {
                // a collection changed under the walk, or holds nulls List.copyOf refuses: its members are not followed
            }
        }
        return out;
    }

    private static String path(Map<Object, Object[]> parent, Object o) {
        List<String> steps = new ArrayList<>();
        for (Object at = o; at != null; at = parent.get(at)[0]) {
            steps.add(0, parent.get(at)[1] + " (" + at.getClass().getName() + ")");
        }
        return String.join("\n  -> ", steps);
    }
}
