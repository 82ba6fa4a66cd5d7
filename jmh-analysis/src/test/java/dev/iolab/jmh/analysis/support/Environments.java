package dev.iolab.jmh.analysis.support;

import dev.iolab.jmh.analysis.environment.Environment;
import dev.iolab.jmh.analysis.environment.SourceTree;
import dev.iolab.reporting.host.Virtualization;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** Environment records with chosen provenance, virtualization and headline runs, written beside a result file. */
public final class Environments {

    /** A virtual machine as systemd and the CPU flag report it. */
    public static final Virtualization KVM =
            new Virtualization("kvm", "", List.of("systemd-detect-virt --vm: kvm", "CPU flag \"hypervisor\""));

    private Environments() {}

    /** Writes the record of a {@code standard} profile run on a 2-core machine beside {@code resultFile}. */
    public static Environment write(
            Path resultFile, List<String> headlineRuns, SourceTree source, Virtualization virtualization)
            throws IOException {
        Environment e = new Environment(
                "",
                "",
                "standard",
                List.of("com.example.copy.CopyBenchmark.copy -f 2 -wi 3 -i 5"),
                "2026-11-24T10:00:00Z",
                "",
                "AMD EPYC",
                2,
                24L << 30,
                "Linux amd64",
                "6.18.44",
                "/tmp",
                "ext4 (/dev/vda)",
                "0.10 0.20 0.30",
                "",
                true,
                "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java",
                source.revision(),
                source.dirty(),
                source.changed(),
                "./mvnw -pl bench jmh:run -Djmh.profile=standard",
                virtualization,
                headlineRuns,
                List.of(),
                null);
        Environment finished = e.finish(resultFile);
        finished.write(Environment.fileFor(resultFile));
        return finished;
    }
}
