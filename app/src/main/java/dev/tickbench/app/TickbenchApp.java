package dev.tickbench.app;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

/** The workbench window. */
public final class TickbenchApp extends Application {
    @Override
    public void start(Stage stage) {
        BorderPane root = new BorderPane(new Label("Tickbench"));
        stage.setTitle("Tickbench");
        stage.setScene(new Scene(root, 1200, 800));
        stage.show();
    }
}
