package dev.tickbench.app;

import dev.tickbench.app.platform.HostPlatform;
import dev.tickbench.app.platform.Os;
import dev.tickbench.testkit.Waits;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javafx.application.Platform;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The real app, started through its {@link Launcher} on macOS or Windows as this Linux machine shows it
 * ({@link HostPlatform} injected: the OS, an environment whose home is {@code args[1]}), with every file
 * it touches under /proc, /sys and the Linux places of that home recorded ({@link FileAccessRecorder}).
 * Once a second window (the connect form) shows, prints what the windows hold, one {@code name=value} a
 * line, and quits. {@link OtherDesktopStartTest} reads it.
 */
public final class OtherDesktopRun {
    private OtherDesktopRun() {}

    public static void main(String[] args) throws Exception {
        if (args[0].equals("control")) {
            control();
            return;
        }
        Os os = Os.valueOf(args[0]);
        Path home = Path.of(args[1]);
        Map<String, String> env = os == Os.WINDOWS
                ? Map.of(
                        "USERPROFILE",
                        home.toString(),
                        "APPDATA",
                        home.resolve("AppData/Roaming").toString(),
                        "LOCALAPPDATA",
                        home.resolve("AppData/Local").toString())
                : Map.of("HOME", home.toString());
        FileAccessRecorder recorder = new FileAccessRecorder(List.of(
                "/proc",
                "/sys",
                home.resolve(".config").toString(),
                home.resolve(".cache").toString(),
                home.resolve(".local").toString()));
        System.setSecurityManager(recorder);
        Thread watcher = new Thread(() -> report(recorder, home), "other-desktop-watcher");
        watcher.setDaemon(true);
        watcher.start();
        Launcher.launch(new String[0], new HostPlatform(os, env, home.toString(), FileSystems.getDefault()));
        System.exit(0);
    }

    /**
     * The recorder's own proof: the workbench's code asking for /proc through NIO (Linux's "this machine"
     * check) and through java.io is recorded with the frame that asked; macOS' check is not.
     */
    private static void control() throws Exception {
        FileAccessRecorder recorder = new FileAccessRecorder(List.of("/proc", "/sys"));
        System.setSecurityManager(recorder);
        Map<String, String> env = Map.of("HOME", "/nowhere");
        new HostPlatform(Os.MACOS, env, "/nowhere", FileSystems.getDefault()).thisMachine();
        new HostPlatform(Os.LINUX, env, "/nowhere", FileSystems.getDefault()).thisMachine();
        try (java.io.FileInputStream in = new java.io.FileInputStream("/sys/kernel/mm/transparent_hugepage/enabled")) {
            in.read();
        }
        recorder.seen().forEach(s -> System.out.println("touched=" + s));
        System.out.println("end");
    }

    private static void report(FileAccessRecorder recorder, Path home) {
        List<String> out = new ArrayList<>();
        try {
            try {
                Waits.until(() -> "a second window", Duration.ofMillis(100), () -> windows() >= 2);
            } catch (AssertionError e) {
                out.add("error=" + e.getMessage() + "; windows: " + fx(OtherDesktopRun::titles));
            }
            out.addAll(fx(() -> describe(home)));
            out.add("children=" + ProcessHandle.current().children().count());
            recorder.seen().forEach(s -> out.add("touched=" + s));
        } catch (Exception e) {
            out.add("error=" + e);
        }
        out.forEach(System.out::println);
        System.out.println("end");
        System.out.flush();
        System.exit(0); // the connect form waits in a nested event loop: Platform.exit would end it mid-way, noisily
    }

    private static List<String> describe(Path home) throws Exception {
        List<String> out = new ArrayList<>();
        out.add("windows=" + titles());
        Window main = Window.getWindows().stream()
                .filter(w -> w.getScene().getRoot().lookup("#connect-menu") != null)
                .findFirst()
                .orElseThrow();
        Node root = main.getScene().getRoot();
        MenuButton connect = (MenuButton) root.lookup("#connect-menu");
        out.add("connect.items="
                + connect.getItems().stream().map(MenuItem::getText).toList());
        MenuBar bar = (MenuBar) root.lookup("#system-menu-bar");
        out.add("systemMenuBar="
                + (bar == null
                        ? "none"
                        : bar.isUseSystemMenuBar() + " "
                                + bar.getMenus().stream()
                                        .map(m -> m.getText()
                                                + m.getItems().stream()
                                                        .map(i -> i.getText()
                                                                + (i.getAccelerator() == null
                                                                        ? ""
                                                                        : "["
                                                                                + i.getAccelerator()
                                                                                        .getName() + "]"))
                                                        .toList())
                                        .toList()));
        MenuButton file = (MenuButton) root.lookup("#file-menu");
        out.add("file.items=" + file.getItems().stream().map(MenuItem::getText).toList());
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        out.add("screen=" + (int) screen.getWidth() + "x" + (int) screen.getHeight());
        for (Window w : Window.getWindows()) {
            out.add("bounds." + title(w) + "=" + (int) w.getX() + "," + (int) w.getY() + "," + (int) w.getWidth() + "x"
                    + (int) w.getHeight());
        }
        Window dialog =
                Window.getWindows().stream().filter(w -> w != main).findFirst().orElseThrow();
        Node header = dialog.getScene().getRoot().lookup(".header-panel .label");
        out.add("dialog.header=" + (header instanceof javafx.scene.control.Label l ? l.getText() : "?"));
        // the note under the fields wraps at the form's width: laid out whole, on more than one line
        javafx.scene.control.Label note = dialog.getScene().getRoot().lookupAll(".label").stream()
                .filter(n -> n instanceof javafx.scene.control.Label l
                        && l.getText() != null
                        && l.getText().startsWith("Passphrases"))
                .map(n -> (javafx.scene.control.Label) n)
                .findFirst()
                .orElseThrow();
        out.add("note.whole="
                + (note.getWidth() > 0
                        && note.getHeight() >= note.prefHeight(note.getWidth()) - 0.5
                        && note.getHeight() > 1.5 * note.getFont().getSize()));
        // a setting changed (the theme, saved at once): where the workbench writes its settings on this desktop
        // (from the toolbar's items: on a narrow screen the last ones are in its overflow menu, out of the scene)
        ((javafx.scene.control.ToolBar) root.lookup(".tool-bar"))
                .getItems().stream()
                        .filter(n -> n instanceof javafx.scene.control.ToggleButton t
                                && t.getText().contains("Dark"))
                        .map(n -> (javafx.scene.control.ToggleButton) n)
                        .findFirst()
                        .orElseThrow()
                        .fire();
        try (Stream<Path> files = Files.walk(home)) {
            out.add("files="
                    + files.filter(Files::isRegularFile)
                            .map(p -> home.relativize(p).toString())
                            .sorted()
                            .toList());
        }
        return out;
    }

    /** The windows showing; 0 while the toolkit is not up yet. */
    private static int windows() {
        try {
            return fx(() -> Window.getWindows().size());
        } catch (IllegalStateException e) {
            return 0; // "Toolkit not initialized": the launcher is still starting it
        } catch (Exception e) {
            throw new IllegalStateException("cannot count the windows", e);
        }
    }

    private static List<String> titles() {
        return Window.getWindows().stream().map(OtherDesktopRun::title).toList();
    }

    private static String title(Window w) {
        return w instanceof Stage s ? s.getTitle() : w.getClass().getSimpleName();
    }

    private static <T> T fx(java.util.concurrent.Callable<T> c) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                f.complete(c.call());
            } catch (Exception | Error e) {
                f.completeExceptionally(e);
            }
        });
        return f.get(2, TimeUnit.MINUTES);
    }
}
