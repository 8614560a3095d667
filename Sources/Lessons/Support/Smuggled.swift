/// Carries a value across an isolation boundary without the compiler's consent: how a wrong way
/// gets a model onto a queue it does not belong to (and how a workshop checker calls a learner's
/// method the way the exercise's callers do).
///
/// Swift 6 refuses to send a model (it is not `Sendable`) to another queue or task: that refusal
/// is the compiler teaching the articles' rule. To show what happens when the rule is broken
/// anyway, as Swift 5 code, Objective-C and `@unchecked` wrappers still do, a lesson wraps the
/// model in this box. Right ways never use it.
///
/// > Warning: Nothing guards ``value``. Reading a model's attributes through it from another
/// > queue is exactly the mistake being demonstrated.
package struct Smuggled<Value>: @unchecked Sendable {  // nothing guards `value`, on purpose: only the wrong ways use it, to commit the mistake they show
    package let value: Value

    package init(_ value: Value) {
        self.value = value
    }
}
