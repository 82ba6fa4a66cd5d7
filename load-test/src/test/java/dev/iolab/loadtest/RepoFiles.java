package dev.iolab.loadtest;

import dev.iolab.stack.RepositoryPaths;
import java.nio.file.Path;

/** Files of the repository the checks read (root: the stack's {@link RepositoryPaths}). */
final class RepoFiles {

    private RepoFiles() {}

    static Path root() {
        return RepositoryPaths.root();
    }

    static Path composeFile() {
        return root().resolve("docker-compose.yml");
    }

    static Path dockerfile() {
        return root().resolve("upload-service/Dockerfile");
    }

    static Path prometheusConfig() {
        return root().resolve("ops/prometheus/prometheus.yml");
    }

    static Path haproxyConfig() {
        return root().resolve("ops/haproxy/haproxy.cfg");
    }

    static Path dashboard() {
        return root().resolve("ops/grafana/dashboards/upload-service.json");
    }

    static Path grafanaDatasource() {
        return root().resolve("ops/grafana/provisioning/datasources/prometheus.yml");
    }
}
