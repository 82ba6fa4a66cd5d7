package dev.iolab.upload.support;

import java.lang.management.ManagementFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Live heap of a service that runs in a JVM of its own, for memory measurements: {@code GET /test/heap/live} runs
 * full collections until the used heap stops shrinking and answers it in bytes (with G1 a humongous object counts
 * with its whole regions, as it does for the heap's limit). Found by component scan when the test classpath is the
 * service's classpath; active only with {@code --iolab.test.heap-endpoint=true}, which only such a test passes.
 */
@RestController
@RequestMapping("/test/heap")
@ConditionalOnProperty(name = "iolab.test.heap-endpoint", havingValue = "true")
class HeapController {

    @GetMapping("/live")
    long live() {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 10; i++) {
            System.gc();
            long now = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            if (now >= used) {
                return now;
            }
            used = now;
        }
        return used;
    }
}
