#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where the current thread's stack is, and how far down it goes: what the flexbox engine
/// measures its stack use with (see Flexbox's `FlexLayoutLimits`).
package enum ThreadStack {
  /// An address on the current thread's machine stack, within a frame of its stack pointer.
  ///
  /// The address of a local variable, except under AddressSanitizer: detecting use after return,
  /// it moves address-taken locals (and stack allocations) to a "fake stack" on the heap, whose
  /// addresses say nothing of the machine stack's use; there the sanitizer's own interface
  /// gives the machine stack frame that the fake frame stands for.
  @inlinable @inline(__always)
  package static func currentAddress() -> UInt {
    var marker: UInt8 = 0
    let address = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    guard let sanitizer = AddressSanitizer.interface else { return address }
    return sanitizer.machineStackAddress(for: address)
  }

  /// The lowest address of the current thread's stack, if the platform says; remembered per
  /// thread where asking costs (Linux reads the main thread's from `/proc`).
  package static func lowerBound() -> UInt? {
    #if canImport(Darwin)
    let thread = pthread_self()
    let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
    let size = UInt(pthread_get_stacksize_np(thread))
    return top > size ? top - size : nil
    #elseif canImport(Glibc) || canImport(Musl)
    guard let key = cacheKey else { return askLowerBound() }
    if let cached = pthread_getspecific(key) {
      let value = UInt(bitPattern: cached)
      return value == unknown ? nil : value
    }
    let bound = askLowerBound()
    pthread_setspecific(key, UnsafeRawPointer(bitPattern: bound ?? unknown))
    return bound
    #else
    return nil
    #endif
  }

  #if !canImport(Darwin) && (canImport(Glibc) || canImport(Musl))
  /// `pthread_getattr_np`, a GNU extension the C module does not export, found at run time.
  private typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
  private static let getAttributes: GetAttributes? = dlsym(nil, "pthread_getattr_np").map {
    unsafeBitCast($0, to: GetAttributes.self)
  }

  /// The per-thread slot that remembers the bound (`unknown` when the platform would not say).
  private static let cacheKey: pthread_key_t? = {
    var key = pthread_key_t()
    return pthread_key_create(&key, nil) == 0 ? key : nil
  }()
  private static let unknown: UInt = 1

  private static func askLowerBound() -> UInt? {
    guard let getAttributes else { return nil }
    var attributes = pthread_attr_t()
    guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
    defer { pthread_attr_destroy(&attributes) }
    var address: UnsafeMutableRawPointer?
    var size = 0
    guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
    return UInt(bitPattern: address)
  }
  #endif
}

/// AddressSanitizer's interface to its fake stack, when the process runs under it (looked up at
/// run time: `nil` in an ordinary build).
@usableFromInline
struct AddressSanitizer: Sendable {
  private typealias CurrentFakeStack = @convention(c) () -> UnsafeMutableRawPointer?
  private typealias AddressIsInFakeStack =
    @convention(c) (
      UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
      UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) -> UnsafeMutableRawPointer?

  /// `__asan_get_current_fake_stack`: the current thread's fake stack, if it has one.
  private let currentFakeStack: CurrentFakeStack
  /// `__asan_addr_is_in_fake_stack`: for an address in a frame of that fake stack, the machine
  /// stack address of the frame it stands for.
  private let addressIsInFakeStack: AddressIsInFakeStack

  /// The sanitizer's interface, or `nil` when the process does not run under it.
  @usableFromInline static let interface: AddressSanitizer? = {
    #if canImport(Darwin)
    let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
    let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #endif
    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
    guard let current = dlsym(everywhere, "__asan_get_current_fake_stack"),
      let lookup = dlsym(everywhere, "__asan_addr_is_in_fake_stack")
    else { return nil }
    return AddressSanitizer(
      currentFakeStack: unsafeBitCast(current, to: CurrentFakeStack.self),
      addressIsInFakeStack: unsafeBitCast(lookup, to: AddressIsInFakeStack.self))
    #else
    return nil
    #endif
  }()

  /// `address` if it is on the machine stack, else the machine stack address of the fake frame
  /// it is in.
  @usableFromInline func machineStackAddress(for address: UInt) -> UInt {
    guard let fakeStack = currentFakeStack(),
      let machine = addressIsInFakeStack(fakeStack, UnsafeMutableRawPointer(bitPattern: address), nil, nil)
    else { return address }
    return UInt(bitPattern: machine)
  }
}
