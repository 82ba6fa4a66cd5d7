package dev.iolab.jmh.plugin.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.jmh.plugin.tools.NativeTools;
import java.util.List;
import org.junit.jupiter.api.Test;

class ToolsSectionTest {

    private static String shown(String command) {
        return ToolsSection.shortCommand(new NativeTools.Timing("x", "task", command, true, 1, List.of(1.0), ""));
    }

    @Test
    void showsTheCommandWithoutItsTemporaryPaths() {
        assertThat(shown("/usr/bin/dd if=/tmp/iolab-native-tools-42/source.bin of=/tmp/iolab-native-tools-42/target.bin"
                        + " bs=1M status=none"))
                .isEqualTo("dd if=source.bin of=target.bin bs=1M status=none");
        assertThat(shown("/usr/bin/du -sb /tmp/iolab-walk-trees/files200000/tree"))
                .isEqualTo("du -sb tree");
    }
}
