package dev.tickbench.app.view;

import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.layout.Region;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;

/**
 * Table text that is read whole: a cell wraps its text to its column's width and its row grows to
 * hold it, and a column's title wraps the same way, instead of ending in "…" (no cut
 * text). A JavaFX cell given wrapText alone keeps the row's one-line height and still cuts.
 */
public final class Cells {
    private Cells() {}

    /** A cell whose whole text shows, wrapped to the column's width. */
    public static <S> TableCell<S, String> wrapping() {
        return new TableCell<>() {
            private final Label text = new Label();

            {
                text.setWrapText(true);
                text.setMinHeight(Region.USE_PREF_SIZE);
                text.maxWidthProperty().bind(widthProperty().subtract(8));
                text.prefWidthProperty().bind(widthProperty().subtract(8));
                text.getStyleClass().add("wrapped-cell-text");
                setGraphic(null);
                setText(null);
                setPrefHeight(Region.USE_COMPUTED_SIZE);
            }

            /** As tall as the wrapped text at the column's width: the row grows to it. */
            @Override
            protected double computePrefHeight(double width) {
                if (getGraphic() == null) {
                    return super.computePrefHeight(width);
                }
                double w = (getTableColumn() == null
                                ? getWidth()
                                : getTableColumn().getWidth())
                        - 8;
                return snappedTopInset() + text.prefHeight(w) + snappedBottomInset();
            }

            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(null);
                if (empty || item == null) {
                    setGraphic(null);
                } else {
                    text.setText(item);
                    setGraphic(text);
                }
            }
        };
    }

    /** The column's title as a wrapping label (two short lines rather than "Δthrott…"). */
    public static void wrapTitle(TableColumn<?, ?> c) {
        Label title = new Label(c.getText());
        title.setWrapText(true);
        title.setTextAlignment(TextAlignment.CENTER);
        title.setAlignment(Pos.CENTER);
        title.setMinHeight(Region.USE_PREF_SIZE);
        title.maxWidthProperty().bind(c.widthProperty().subtract(8));
        title.prefWidthProperty().bind(c.widthProperty().subtract(8));
        c.setText(null);
        c.setGraphic(title);
        // a title wraps between words, never inside one: the column is at least as wide as its longest word
        double longest = 0;
        for (String word : title.getText().split("\\s+")) {
            Text t = new Text(word);
            t.setFont(Font.font(
                    Font.getDefault().getFamily(),
                    FontWeight.BOLD,
                    Font.getDefault().getSize()));
            longest = Math.max(longest, t.getLayoutBounds().getWidth());
        }
        c.setMinWidth(Math.max(c.getMinWidth(), Math.ceil(longest) + 14));
        c.setPrefWidth(Math.max(c.getPrefWidth(), c.getMinWidth()));
    }

    /** The text a cell or title shows, whether as its own text or as its wrapping label (tests). */
    public static String shown(javafx.scene.control.Labeled cell) {
        return cell.getGraphic() instanceof Label l ? l.getText() : cell.getText();
    }
}
