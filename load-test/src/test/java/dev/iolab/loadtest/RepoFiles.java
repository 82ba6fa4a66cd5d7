package dev.iolab.loadtest;

import java.nio.file.Files;
import java.nio.file.Path;

/** Files of the repository the checks read: the build passes the root as system property {@code iolab.root}. */
final class RepoFiles {

    private RepoFiles() {}

    static Path root() {
        String root = System.getProperty("iolab.root");
        Path path = root != null ? Path.of(root) : Path.of("..");
        path = path.toAbsolutePath().normalize();
        if (!Files.isRegularFile(path.resolve("pom.xml")) || !Files.isDirectory(path.resolve("load-test"))) {
            throw new IllegalStateException("not the iolab repository root: " + path + " (set -Diolab.root)");
        }
        return path;
    }

    static Path composeFile() {
        return root().resolve("docker-compose.yml");
    }

    static Path prometheusConfig() {
        return root().resolve("ops/prometheus/prometheus.yml");
    }

    static Path dashboard() {
        return root().resolve("ops/grafana/dashboards/upload-service.json");
    }

    static Path grafanaDatasource() {
        return root().resolve("ops/grafana/provisioning/datasources/prometheus.yml");
    }
}
