package dev.iolab.reporting.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hypervisor detection from a fake /proc and /sys and scripted systemd-detect-virt answers. */
class VirtualizationTest {

    @TempDir
    Path root;

    @Test
    void findsAVirtualMachineFromEverySource() throws Exception {
        write("proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu vme sse2 hypervisor lahf_lm\n");
        write("sys/hypervisor/type", "xen\n");
        write("sys/class/dmi/id/sys_vendor", "QEMU\n");
        write("sys/class/dmi/id/product_name", "Standard PC (Q35 + ICH9, 2009)\n");
        Map<String, String> answers = Map.of("--vm", "kvm\n", "--container", "docker\n");

        Virtualization v = Virtualization.detect(root, c -> Optional.ofNullable(answers.get(c.get(1))));

        assertThat(v.virtualMachine()).isTrue();
        assertThat(v.hypervisor()).isEqualTo("kvm");
        assertThat(v.container()).isEqualTo("docker");
        assertThat(v.evidence())
                .containsExactly(
                        "systemd-detect-virt --vm: kvm",
                        "CPU flag \"hypervisor\" in /proc/cpuinfo",
                        "/sys/hypervisor/type: xen",
                        "DMI: QEMU Standard PC (Q35 + ICH9, 2009)");
        assertThat(v.describe()).startsWith("virtual machine (kvm); in a docker container — systemd-detect-virt");
    }

    @Test
    void theCpuFlagAloneIsEnoughWithoutSystemd() throws Exception {
        write("proc/cpuinfo", "flags\t\t: fpu hypervisor\n");

        Virtualization v = Virtualization.detect(root, c -> Optional.empty());

        assertThat(v.virtualMachine()).isTrue();
        assertThat(v.hypervisor()).isEqualTo("a hypervisor");
    }

    @Test
    void bareMetalSaysNoneDetected() throws Exception {
        write("proc/cpuinfo", "flags\t\t: fpu vme sse2\n");
        write("sys/class/dmi/id/sys_vendor", "Dell Inc.\n");

        Virtualization v = Virtualization.detect(root, c -> Optional.empty());

        assertThat(v.virtualMachine()).isFalse();
        assertThat(v.describe()).isEqualTo("no hypervisor detected");
    }

    private void write(String path, String text) throws Exception {
        Path file = root.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
