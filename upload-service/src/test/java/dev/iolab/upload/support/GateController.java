package dev.iolab.upload.support;

import dev.iolab.upload.storage.BlobStorage;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Gates the store of a service that runs in a JVM of its own, over HTTP: {@code POST /test/gate/close},
 * {@code POST /test/gate/open}, {@code GET /test/gate/waiting}. The service finds it by component scan when the test
 * classpath is its classpath; it is active, and wraps the store in a {@link GatedBlobStorage}, only with
 * {@code --iolab.test.gate-endpoint=true}, which only such a test passes.
 */
@RestController
@RequestMapping("/test/gate")
@ConditionalOnProperty(name = "iolab.test.gate-endpoint", havingValue = "true")
@Import(GatedStorageConfiguration.class)
class GateController {

    private final GatedBlobStorage gate;

    GateController(BlobStorage storage) {
        this.gate = (GatedBlobStorage) storage;
    }

    @PostMapping("/close")
    void close() {
        gate.close();
    }

    @PostMapping("/open")
    void open() {
        gate.open();
    }

    @GetMapping("/waiting")
    int waiting() {
        return gate.waiting();
    }
}
