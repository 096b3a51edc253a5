package dev.tickbench.app.workbench;

import dev.tickbench.app.compare.CompareViewModel;
import dev.tickbench.app.throttle.ThrottleViewModel;
import dev.tickbench.app.trigger.TriggersViewModel;
import dev.tickbench.app.walk.WalkViewModel;

/**
 * The view-models behind the window's tabs, read in the workbench package from the fields the tabs build
 * their views on: what the window tests wait for and read (a walk's walker, a loaded trace or comparison),
 * while no method of the tabs exists for the tests alone.
 */
public final class TabsSeen {
    private TabsSeen() {}

    /** Whether the view of the tab titled {@code title} was built: it has content once first shown. */
    public static boolean built(WorkbenchTabs tabs, String title) {
        return tabs.getTabs().stream().anyMatch(t -> t.getText().equals(title) && t.getContent() != null);
    }

    /** The Path walk tab's. */
    public static WalkViewModel walk(WorkbenchTabs tabs) {
        return tabs.walkVm;
    }

    /** The Throttle tab's. */
    public static ThrottleViewModel throttle(WorkbenchTabs tabs) {
        return tabs.throttleVm;
    }

    /** The Compare tab's. */
    public static CompareViewModel compare(WorkbenchTabs tabs) {
        return tabs.compareVm;
    }

    /** The Triggers tab's. */
    public static TriggersViewModel triggers(WorkbenchTabs tabs) {
        return tabs.triggersVm;
    }
}
