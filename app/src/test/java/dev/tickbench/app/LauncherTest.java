package dev.tickbench.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Properties;
import org.junit.jupiter.api.Test;

/** What the launcher sets before the toolkit starts (the renderer reads it once, at its start). */
class LauncherTest {
    @Test
    void regionBackgroundsAreDrawnDirectlyUnlessTheUserSaidOtherwise() {
        Properties plain = new Properties();
        Launcher.renderingDefaults(plain);
        assertEquals("true", plain.getProperty("prism.disableRegionCaching"));

        Properties user = new Properties();
        user.setProperty("prism.disableRegionCaching", "false"); // -Dprism.disableRegionCaching=false
        Launcher.renderingDefaults(user);
        assertEquals("false", user.getProperty("prism.disableRegionCaching"), "the user's choice is kept");
    }
}
