package dev.tickbench.app.view;

import javafx.beans.value.ObservableStringValue;
import javafx.scene.control.Label;

/**
 * A view's error in plain words: a wrapped line in the error colours that shows the text while there is
 * one and takes no room when there is none: the Walk, Compare and I/O concurrency tabs say what went wrong where
 * they show their results, not only in the log.
 */
public final class ErrorLine {
    private ErrorLine() {}

    /** A label showing {@code error}, hidden and unmanaged while it is empty. */
    public static Label of(ObservableStringValue error) {
        Label l = new Label();
        l.textProperty().bind(error);
        l.getStyleClass().add("walk-error");
        l.setWrapText(true);
        l.visibleProperty().bind(l.textProperty().isNotEmpty());
        l.managedProperty().bind(l.visibleProperty());
        return l;
    }
}
