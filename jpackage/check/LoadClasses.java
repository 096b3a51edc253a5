import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;

/**
 * Loads, without initialising, every class of the jars named, from the class path it runs with: each
 * load resolves the class's superclass and interfaces, so a class path that lacks a library (JavaFX of
 * the wrong name, a jar left out of a bundle) fails here. What the classes call is jdeps' part
 * (jpackage/check/bundles.sh). Initialising is left out: JavaFX's would load another OS's natives.
 *
 * <pre>java -cp CLASSPATH jpackage/check/LoadClasses.java JAR…</pre>
 *
 * Prints "N classes loaded" and exits 0, or names each class that did not load and exits 1.
 */
public final class LoadClasses {
    private LoadClasses() {}

    public static void main(String[] args) throws IOException {
        ClassLoader loader = ClassLoader.getSystemClassLoader();
        int loaded = 0;
        List<String> failed = new ArrayList<>();
        for (String jar : args) {
            try (JarFile j = new JarFile(jar)) {
                for (var e : (Iterable<java.util.jar.JarEntry>) j.stream()::iterator) {
                    String n = e.getName();
                    if (!n.endsWith(".class") || n.startsWith("META-INF/") || n.endsWith("module-info.class")) {
                        continue;
                    }
                    String name = n.substring(0, n.length() - 6).replace('/', '.');
                    try {
                        Class.forName(name, false, loader);
                        loaded++;
                    } catch (ClassNotFoundException | LinkageError ex) {
                        failed.add(name + ": " + ex);
                    }
                }
            }
        }
        failed.forEach(System.out::println);
        System.out.println(loaded + " classes loaded" + (failed.isEmpty() ? "" : ", " + failed.size() + " did not"));
        System.exit(failed.isEmpty() ? 0 : 1);
    }
}
