package dev.tickbench.app;

import javafx.application.Application;
import javafx.stage.Stage;

/**
 * The workbench window. Starts on what the command line names ({@link AppArgs}: captures, an SSH
 * host), else on this machine's /proc when there is one (Linux), so the run command shows live data at
 * once; elsewhere (macOS, Windows) it starts on the "connect to a host" form. The window itself is
 * {@link Workbench}'s, on the platform the {@link Launcher} installed.
 */
public final class TickbenchApp extends Application {
    private Workbench workbench;

    @Override
    public void start(Stage stage) {
        StartupLog.onExit(() -> javafx.application.Platform.runLater(javafx.application.Platform::exit));
        StartupLog.mark("toolkit");
        workbench = Workbench.open(stage, Startup.forUser(dev.tickbench.app.platform.HostPlatform.current()));
        AppArgs args;
        try {
            args = AppArgs.parse(getParameters().getRaw());
        } catch (IllegalArgumentException e) { // Launcher checked it already; another launcher may not have
            args = AppArgs.parse(java.util.List.of());
            workbench.viewModel().errorProperty().set("Command line: " + e.getMessage());
        }
        workbench.begin(args);
    }

    public Workbench workbench() {
        return workbench;
    }

    @Override
    public void stop() {
        if (workbench != null) {
            workbench.viewModel().shutdown();
        }
    }
}
