package dev.tickbench.app.workbench;

import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.control.SessionController;
import dev.tickbench.app.control.SessionView;
import dev.tickbench.app.control.TitleModel;
import dev.tickbench.app.session.Selection;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.SessionInfo;
import dev.tickbench.app.session.Showing;
import dev.tickbench.app.session.Showing.Origin;
import dev.tickbench.app.session.TimeMark;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * What the {@link SessionController} tells the main window ({@link SessionView}), kept as properties the
 * view binds to: what is shown ({@link Showing}: the store, its selection, where it comes from), the
 * session and its sources, the events, the recording, the live connection, the title, and the status,
 * notice and error lines. {@link MainViewModel} adds what the user does with them. FX thread only; never
 * touches controls.
 */
public abstract class WindowState implements SessionView {
    private final ReadOnlyObjectWrapper<Showing> showing = new ReadOnlyObjectWrapper<>(Showing.NOTHING);
    private final ReadOnlyObjectWrapper<SeriesStore> store = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<SessionInfo> session = new ReadOnlyObjectWrapper<>();
    private final ObservableList<SessionInfo.SourceRow> sources = FXCollections.observableArrayList();
    private final ObservableList<TimeMark> events = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper("Tickbench");
    private final StringProperty status = new SimpleStringProperty("");
    private final StringProperty error = new SimpleStringProperty("");
    /** A confirmation the user should see ("Saved … (3.2 MB on disk)"), until dismissed or replaced. */
    private final StringProperty notice = new SimpleStringProperty("");

    private final FileMemory files = new FileMemory();
    private final ReadOnlyStringWrapper source = new ReadOnlyStringWrapper("");
    private final BooleanProperty local = new SimpleBooleanProperty(false);
    private final BooleanProperty replay = new SimpleBooleanProperty(false);
    private final BooleanProperty loading = new SimpleBooleanProperty(false);
    private final ReadOnlyBooleanWrapper recording = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper recordingIndicator = new ReadOnlyStringWrapper("");
    /** The live connection (null when replaying or closed): tabs that run commands on it listen here. */
    private final ReadOnlyObjectWrapper<Connection> connection = new ReadOnlyObjectWrapper<>();

    WindowState() {
        recordingIndicator.addListener((o, a, b) -> updateTitle());
        session.addListener((o, a, b) -> updateTitle());
        source.addListener((o, a, b) -> updateTitle());
        showing.addListener((o, a, b) -> updateTitle());
        connection.addListener((o, a, b) -> updateTitle());
    }

    /** What the window shows: store, selection, origin. */
    public ReadOnlyObjectProperty<Showing> showingProperty() {
        return showing.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<SeriesStore> storeProperty() {
        return store.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<SessionInfo> sessionProperty() {
        return session.getReadOnlyProperty();
    }

    public ObservableList<SessionInfo.SourceRow> sources() {
        return sources;
    }

    public ObservableList<TimeMark> events() {
        return events;
    }

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    public StringProperty statusProperty() {
        return status;
    }

    public StringProperty errorProperty() {
        return error;
    }

    public StringProperty noticeProperty() {
        return notice;
    }
    /** The file dialogs' folder and the recent captures. */
    public FileMemory files() {
        return files;
    }
    /** "this machine", "pi@board-7:22", or the capture file name. */
    public ReadOnlyStringProperty sourceProperty() {
        return source.getReadOnlyProperty();
    }
    /** The rate and FLOOR_HZ pickers apply only to the in-process sampler. */
    public ReadOnlyBooleanProperty localProperty() {
        return local;
    }

    public ReadOnlyBooleanProperty replayProperty() {
        return replay;
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading;
    }

    public ReadOnlyBooleanProperty recordingProperty() {
        return recording.getReadOnlyProperty();
    }
    /** "● REC 12.1 MB 04:31" while recording, else empty. */
    public ReadOnlyStringProperty recordingIndicatorProperty() {
        return recordingIndicator.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Connection> connectionProperty() {
        return connection.getReadOnlyProperty();
    }

    /** The selection of the shown store (what the charts draw), or null before anything is shown. */
    public Selection selection() {
        return showing.get().selection();
    }

    public Path replayFile() {
        return showing.get().replayFile();
    }

    /** {@code capture} was opened or recorded: first in Open Recent (one that cannot be kept there is said, not lost). */
    void remember(Path capture) {
        try {
            files.opened(capture);
        } catch (IOException e) {
            error.set("Cannot remember " + capture + " in the recent captures: " + e.getMessage());
        }
    }

    private void updateTitle() {
        Connection live = connection.get();
        boolean behind = live != null && showing.get().origin() == Origin.REPLAY;
        title.set(
                TitleModel.title(source.get(), session.get(), recordingIndicator.get(), behind ? live.title() : null));
    }

    // ---- what the controller says (SessionView), on the FX thread ----

    @Override
    public void showing(Showing now) {
        events.clear();
        sources.clear();
        session.set(null);
        showing.set(now);
        store.set(now.store());
        source.set(now.source());
        local.set(now.origin() == Origin.LOCAL);
        replay.set(now.origin() == Origin.REPLAY);
    }

    @Override
    public void session(SessionInfo info) {
        session.set(info);
        sources.setAll(info == null ? List.of() : info.sources());
    }

    @Override
    public void marked(TimeMark mark) {
        events.add(mark);
        if (events.size() > SeriesStore.MAX_MARKS) {
            events.remove(0, events.size() - SeriesStore.MAX_MARKS); // counted by the store
        }
    }

    @Override
    public void connection(Connection c) {
        connection.set(c);
    }

    @Override
    public void recording(boolean on, String indicator) {
        recording.set(on);
        recordingIndicator.set(indicator);
    }

    @Override
    public void loading(boolean on) {
        loading.set(on);
        Selection sel = selection();
        if (!on && sel != null && replay.get()) {
            sel.settleDefaults(); // picked on the capture's end, once: every sample is read
        }
    }

    @Override
    public void recorded(Path capture) {
        remember(capture); // a capture just recorded is the one most likely opened next
    }

    @Override
    public void status(String text) {
        status.set(text);
    }

    @Override
    public void error(String text) {
        error.set(text);
    }

    @Override
    public void notice(String text) {
        notice.set(text);
    }
}
