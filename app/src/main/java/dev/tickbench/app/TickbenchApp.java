package dev.tickbench.app;

import dev.tickbench.app.connect.ConnectFlow;
import dev.tickbench.app.connect.ConnectViewModel;
import dev.tickbench.app.connect.ConnectionKind;
import dev.tickbench.app.connect.LocalConnection;
import dev.tickbench.app.workbench.MainView;
import dev.tickbench.app.workbench.MainViewModel;
import dev.tickbench.app.workbench.Theme;
import java.io.IOException;
import java.nio.file.Path;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;

/**
 * The workbench window. Starts on what the command line names ({@link AppArgs}: captures, an SSH
 * host), else on this machine's /proc when there is one, so the run command shows live data at once;
 * elsewhere it starts on the "connect to a host" screen.
 */
public final class TickbenchApp extends Application {
    private MainViewModel vm;
    private MainView view;

    @Override
    public void start(Stage stage) {
        vm = new MainViewModel(Platform::runLater);
        view = new MainView(vm);
        Path prefs = Theme.defaultPrefs();
        vm.darkThemeProperty().set(Theme.loadDark(prefs));
        vm.darkThemeProperty().addListener((o, a, b) -> {
            try {
                Theme.saveDark(prefs, b);
            } catch (IOException e) {
                vm.errorProperty().set("Cannot remember the theme in " + prefs + ": " + e.getMessage());
            }
        });
        vm.files().persistIn(prefs);
        Scene scene = new Scene(view, 1280, 860);
        view.installKeys(scene);
        ConnectFlow ssh = ConnectFlow.forUser();
        view.addSshConnect("SSH host or probe server…", ssh);
        stage.titleProperty().bind(vm.titleProperty());
        stage.setScene(scene);
        stage.show();
        AppArgs args;
        try {
            args = AppArgs.parse(getParameters().getRaw());
        } catch (IllegalArgumentException e) { // Launcher checked it already; another launcher may not have
            args = AppArgs.parse(java.util.List.of());
            vm.errorProperty().set("Command line: " + e.getMessage());
        }
        begin(args, vm, view, ssh, stage);
    }

    /** What the command line asks for: captures, an SSH host, or this machine (AppArgs). */
    static void begin(AppArgs args, MainViewModel vm, MainView view, ConnectFlow ssh, Stage stage) {
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
            fill(ssh.form(), args);
            try {
                vm.connect(ssh.connectNow(stage), view.outcome(ssh));
            } catch (java.io.IOException | IllegalStateException e) {
                view.askToConnect(ssh, null, e.getMessage());
            }
        } else if (LocalConnection.available()) {
            vm.connectLocal();
        } else {
            Platform.runLater(() -> view.askToConnect(ssh,
                    "No /proc on this machine (it is not Linux): connect to a Linux host to sample it.", null));
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

    @Override
    public void stop() {
        if (vm != null) {
            vm.shutdown();
        }
    }
}
