package dev.tickbench.app;

import dev.tickbench.app.connect.ConnectFlow;
import dev.tickbench.app.connect.ConnectViewModel;
import dev.tickbench.app.connect.ConnectionKind;
import dev.tickbench.app.dirs.UserDirs;
import dev.tickbench.app.session.Series;
import dev.tickbench.app.session.StoreListener;
import dev.tickbench.app.workbench.MainView;
import dev.tickbench.app.workbench.MainViewModel;
import dev.tickbench.app.workbench.Theme;
import dev.tickbench.app.workbench.WindowBounds;
import java.io.IOException;
import java.nio.file.Path;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import javafx.stage.WindowEvent;

/**
 * The workbench window as the app opens it ({@link #open}), and what the command line asks of it
 * ({@link #begin}): the one start path, taken by {@link TickbenchApp} and by the tests' windows alike.
 */
public final class Workbench {
    private final MainViewModel vm;
    private final MainView view;
    /** The SSH form and its Recent list, read when first needed (not for the window's first frame). */
    private final java.util.function.Supplier<ConnectFlow> newSsh;

    private ConnectFlow ssh;
    private final Stage stage;
    /** Linux with a readable /proc: "this machine" is offered and is where the window starts. */
    private final boolean thisMachine;

    private Workbench(
            MainViewModel vm,
            MainView view,
            java.util.function.Supplier<ConnectFlow> newSsh,
            Stage stage,
            boolean thisMachine) {
        this.vm = vm;
        this.view = view;
        this.newSsh = newSsh;
        this.stage = stage;
        this.thisMachine = thisMachine;
    }

    /** Builds the window on {@code stage} from {@code startup} and shows it; connects nowhere yet (FX thread). */
    public static Workbench open(Stage stage, Startup startup) {
        MainViewModel vm =
                new MainViewModel(Platform::runLater, Background.shared(), startup.spool(), startup.catalogue());
        // looked at once: on macOS and Windows not even that (no Linux path is touched there)
        boolean thisMachine = startup.platform().thisMachine();
        if (startup.platform().os() == dev.tickbench.app.platform.Os.MACOS) {
            nameTheApplication(); // before the view asks for the system menu bar
        }
        MainView view = new MainView(vm, startup.platform().os(), thisMachine);
        if (startup.problem() != null) {
            vm.errorProperty().set(startup.problem());
        }
        Path prefs = startup.prefs();
        vm.darkThemeProperty().set(Theme.loadDark(prefs));
        vm.darkThemeProperty().addListener((o, a, b) -> {
            try {
                Theme.saveDark(prefs, b);
            } catch (IOException e) {
                vm.errorProperty().set("Cannot remember the theme in " + prefs + ": " + e.getMessage());
            }
        });
        vm.files().persistIn(prefs, UserDirs.of(startup.platform()).recordings());
        // the user's window: where it was when it last closed, else the whole screen (a test's: its own size)
        WindowBounds place = startup.remembersPlace() ? WindowBounds.forStart(prefs) : null;
        Scene scene = place != null
                ? new Scene(view, place.width(), place.height())
                : new Scene(view, startup.width(), startup.height());
        view.installKeys(scene);
        Workbench[] self = new Workbench[1];
        view.addSshConnect("SSH host or probe server…", () -> self[0].ssh());
        stage.titleProperty().bind(vm.titleProperty());
        var icon = Workbench.class.getResource("tickbench-256.png"); // absent only in a build that skipped resources
        if (icon != null) {
            stage.getIcons()
                    .add(new javafx.scene.image.Image(icon.toExternalForm(), true)); // decoded off the FX thread
        }
        stage.setScene(scene);
        if (place != null) {
            place.applyTo(stage);
            stage.addEventHandler(WindowEvent.WINDOW_HIDING, e -> {
                try {
                    WindowBounds.of(stage).save(prefs);
                } catch (IOException ex) {
                    System.err.println(
                            "tickbench: cannot remember the window's size in " + prefs + ": " + ex.getMessage());
                }
            });
        }
        logStartup(scene, vm, view);
        stage.show();
        StartupLog.mark("window");
        self[0] = new Workbench(vm, view, startup.ssh(), stage, thisMachine);
        return self[0];
    }

    /**
     * With {@code -Dtickbench.startupLog}: notes the first frame laid out with tracks on the Live tab
     * ({@code tracks}), the first with the sources listed too ({@code content}) and the first line
     * drawn ({@code curves}), as {@link StartupLog} says.
     */
    private static void logStartup(Scene scene, MainViewModel vm, MainView view) {
        if (!StartupLog.enabled()) {
            return;
        }
        view.charts().onFirstCurves(() -> StartupLog.mark("curves"));
        vm.storeProperty().addListener((o, a, store) -> {
            if (store != null) {
                store.addListener(new StoreListener() {
                    @Override
                    public void seriesAdded(Series series) {
                        StartupLog.mark("first_series");
                    }
                });
            }
        });
        Runnable[] check = new Runnable[1];
        check[0] = () -> {
            boolean live = view.tabs().getSelectionModel().getSelectedIndex() == 0;
            boolean tracks = live && !view.charts().trackTitles().isEmpty();
            if (tracks) {
                StartupLog.mark("tracks");
                if (!vm.sources().isEmpty()) {
                    StartupLog.mark("content");
                    Platform.runLater(() -> scene.removePostLayoutPulseListener(check[0]));
                }
            }
        };
        scene.addPostLayoutPulseListener(check[0]);
    }

    /** What the command line asks for: captures, an SSH host, or this machine (AppArgs). FX thread. */
    public void begin(AppArgs args) {
        if (args.rateHz() != null) {
            vm.rateHzProperty().set(args.rateHz());
        }
        if (args.floorHz() != null) {
            vm.floorHzProperty().set(args.floorHz());
        }
        if (args.files().size() == 1) {
            view.openCapture(args.files().get(0));
        } else if (!args.files().isEmpty()) {
            view.tabs().show(view.tabs().compare());
            view.tabs().compare().load(args.files());
        } else if (args.remote()) {
            ConnectFlow ssh = ssh();
            fill(ssh.form(), args);
            try {
                vm.connect(ssh.connectNow(stage), view.outcome(ssh));
            } catch (IOException | IllegalStateException e) {
                view.askToConnect(ssh, null, e.getMessage());
            }
        } else if (thisMachine) {
            vm.connectLocal();
        } else {
            Platform.runLater(() -> view.askToConnect(
                    ssh(), "No /proc on this machine (it is not Linux): connect to a Linux host to sample it.", null));
        }
    }

    /**
     * macOS names the application menu's Hide and Quit items after the application, which JavaFX takes
     * from the bundle's Info.plist, and a .app whose launcher is a script runs {@code java}, so they would
     * say "Hide java". Glass's own setter (an internal class, reachable from the class path) names it before
     * the menu bar is made; where it is not there, the items keep the process's name.
     */
    private static void nameTheApplication() {
        try {
            Class<?> glass = Class.forName("com.sun.glass.ui.Application");
            Object app = glass.getMethod("GetApplication").invoke(null);
            glass.getMethod("setName", String.class).invoke(app, "Tickbench");
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            System.err.println("tickbench: cannot name the application menu: " + e);
        }
    }

    /** The connect form as {@code tickbench [user@]host[:port]} fills it (the rest as last typed or defaults). */
    static void fill(ConnectViewModel form, AppArgs args) {
        form.kind().set(ConnectionKind.SSH_HOST);
        form.host().set(args.host());
        form.user().set(args.user() == null ? "" : args.user());
        form.port().set(args.port() == null ? "" : args.port().toString());
        if (args.rateHz() != null) {
            form.rate().set(args.rateHz().toString());
        }
        if (args.floorHz() != null) {
            form.floorHz().set(args.floorHz().toString());
        }
    }

    public MainViewModel viewModel() {
        return vm;
    }

    public MainView view() {
        return view;
    }

    /** The SSH connect flow the window's Connect menu uses (made when first asked for; FX thread). */
    public ConnectFlow ssh() {
        if (ssh == null) {
            ssh = newSsh.get();
        }
        return ssh;
    }
}
