package dev.tickbench.app;

import dev.tickbench.app.connect.ConnectDialog;
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
 * The workbench window. Starts on this machine's /proc when there is one, so the run command shows
 * live data at once; elsewhere it starts on the "connect to a host" screen.
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
        Scene scene = new Scene(view, 1280, 860);
        view.installKeys(scene);
        view.addConnectAction("SSH host or probe server…", ConnectDialog::show);
        stage.titleProperty().bind(vm.titleProperty());
        stage.setScene(scene);
        stage.show();
        if (LocalConnection.available()) {
            vm.connectLocal();
        } else {
            Platform.runLater(() -> ConnectDialog.show(stage, "No /proc on this machine (it is not Linux): connect to a Linux host to sample it.")
                    .ifPresent(vm::connect));
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
