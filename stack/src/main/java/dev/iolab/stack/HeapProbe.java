package dev.iolab.stack;

import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * The heap of another JVM on this machine (the service), through its platform MBeans: the attach API starts the
 * target's local JMX agent (no port, no flags on the target), and {@link #liveHeapBytes()} asks it for a full
 * collection ({@code MemoryMXBean.gc()}, i.e. {@code System.gc()}) and then reads the heap in use — the live heap,
 * without the garbage that "heap used" also counts until the next collection.
 *
 * <p>A forced collection stops the target's threads for its pause; callers measure with it sparingly.
 */
public final class HeapProbe implements AutoCloseable {

    private final JMXConnector connector;
    private final MemoryMXBean memory;

    private HeapProbe(JMXConnector connector, MemoryMXBean memory) {
        this.connector = connector;
        this.memory = memory;
    }

    /** Attaches to the JVM with process id {@code pid} (same user, a JDK on both sides). */
    public static HeapProbe attach(long pid) throws IOException {
        String address;
        try {
            VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
            try {
                address = vm.startLocalManagementAgent();
            } finally {
                vm.detach();
            }
        } catch (AttachNotSupportedException e) {
            throw new IOException("cannot attach to JVM " + pid + ": " + e.getMessage(), e);
        }
        JMXConnector connector = JMXConnectorFactory.connect(new JMXServiceURL(address));
        MemoryMXBean memory = ManagementFactory.newPlatformMXBeanProxy(
                connector.getMBeanServerConnection(), ManagementFactory.MEMORY_MXBEAN_NAME, MemoryMXBean.class);
        return new HeapProbe(connector, memory);
    }

    /** Heap in use now, garbage included (bytes). */
    public long heapUsedBytes() {
        return memory.getHeapMemoryUsage().getUsed();
    }

    /** Heap in use right after a full collection (bytes): what the target's live objects hold. */
    public long liveHeapBytes() {
        memory.gc();
        return heapUsedBytes();
    }

    /** Largest heap the target may use ({@code -Xmx}), bytes. */
    public long maxHeapBytes() {
        return memory.getHeapMemoryUsage().getMax();
    }

    @Override
    public void close() throws IOException {
        connector.close();
    }
}
