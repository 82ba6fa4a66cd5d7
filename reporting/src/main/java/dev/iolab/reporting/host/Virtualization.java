package dev.iolab.reporting.host;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * Whether the run happened in a virtual machine (and in a container), from every source Linux offers:
 * {@code systemd-detect-virt --vm} / {@code --container} when present, the {@code hypervisor} CPU flag in
 * {@code /proc/cpuinfo}, {@code /sys/hypervisor/type}, and the DMI vendor and product names. In a VM,
 * {@code drop_caches} empties the guest's page cache only: the host's may still serve "cold" reads.
 *
 * @param hypervisor the VM technology or vendor when one was detected ({@code kvm}, {@code QEMU}, {@code a hypervisor}),
 *                   empty when none was
 * @param container  the container technology ({@code docker}) or empty
 * @param evidence   what each source said, e.g. {@code CPU flag "hypervisor"}
 */
public record Virtualization(String hypervisor, String container, List<String> evidence) {

    private static final List<String> VIRTUAL_VENDORS = List.of(
            "qemu",
            "kvm",
            "vmware",
            "virtualbox",
            "innotek",
            "xen",
            "amazon ec2",
            "google compute engine",
            "microsoft corporation virtual machine",
            "parallels",
            "bochs",
            "bhyve",
            "openstack",
            "firecracker",
            "cloud hypervisor");

    public Virtualization {
        hypervisor = hypervisor == null ? "" : hypervisor;
        container = container == null ? "" : container;
        evidence = evidence == null ? List.of() : List.copyOf(evidence);
    }

    public boolean virtualMachine() {
        return !hypervisor.isEmpty();
    }

    /** {@code virtual machine (kvm): CPU flag "hypervisor"; …; in a docker container}, or {@code none detected}. */
    public String describe() {
        String vm = virtualMachine() ? "virtual machine (" + hypervisor + ")" : "no hypervisor detected";
        String in = container.isEmpty() ? "" : "; in a " + container + " container";
        return vm + in + (evidence.isEmpty() ? "" : " — " + String.join("; ", evidence));
    }

    /** This machine. */
    public static Virtualization detect() {
        return detect(Path.of("/"), Commands::output);
    }

    /**
     * @param root    where {@code proc} and {@code sys} are ({@code /}, or a fake tree in tests)
     * @param command runs a command and returns its standard output when it exits 0
     */
    static Virtualization detect(Path root, Function<List<String>, Optional<String>> command) {
        List<String> evidence = new ArrayList<>();
        String hypervisor = "";
        String container = "";
        Optional<String> vm = command.apply(List.of("systemd-detect-virt", "--vm"))
                .map(String::trim)
                .filter(s -> !s.isEmpty() && !s.equals("none"));
        if (vm.isPresent()) {
            hypervisor = vm.get();
            evidence.add("systemd-detect-virt --vm: " + vm.get());
        }
        Optional<String> inContainer = command.apply(List.of("systemd-detect-virt", "--container"))
                .map(String::trim)
                .filter(s -> !s.isEmpty() && !s.equals("none"));
        if (inContainer.isPresent()) {
            container = inContainer.get();
        }
        if (Commands.read(root.resolve("proc/cpuinfo")).lines().anyMatch(Virtualization::hypervisorFlag)) {
            evidence.add("CPU flag \"hypervisor\" in /proc/cpuinfo");
            hypervisor = hypervisor.isEmpty() ? "a hypervisor" : hypervisor;
        }
        String type = Commands.read(root.resolve("sys/hypervisor/type")).trim();
        if (!type.isEmpty()) {
            evidence.add("/sys/hypervisor/type: " + type);
            hypervisor = hypervisor.isEmpty() || hypervisor.equals("a hypervisor") ? type : hypervisor;
        }
        String vendor =
                Commands.read(root.resolve("sys/class/dmi/id/sys_vendor")).trim();
        String product =
                Commands.read(root.resolve("sys/class/dmi/id/product_name")).trim();
        String dmi = (vendor + " " + product).trim();
        String lower = dmi.toLowerCase(Locale.ROOT);
        if (!dmi.isEmpty() && VIRTUAL_VENDORS.stream().anyMatch(lower::contains)) {
            evidence.add("DMI: " + dmi);
            hypervisor = hypervisor.isEmpty() || hypervisor.equals("a hypervisor") ? dmi : hypervisor;
        }
        return new Virtualization(hypervisor, container, evidence);
    }

    private static boolean hypervisorFlag(String line) {
        if (!line.startsWith("flags")) {
            return false;
        }
        int colon = line.indexOf(':');
        return colon > 0
                && List.of(line.substring(colon + 1).trim().split("\\s+")).contains("hypervisor");
    }
}
