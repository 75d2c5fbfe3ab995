Feature: Paying for an appointment
  A service with a price is paid when it is booked. The booking answers with an order (the
  amount in the smallest unit of the currency, so ₹50 is 5000) and a checkout. Without card
  provider keys the product runs its own sandbox checkout, which moves no money and only signs a
  test payment. After a checkout the booking screen reports the payment; the product checks its
  signature before the appointment counts as paid. A paid service that is booked automatically
  is scheduled once it is paid.

  Background:
    Given the demo accounts exist, among them:
      | person | e-mail            | role  |
      | Sunita | admin@example.com | admin |
      | Asha   | user@example.com  | user  |
    And Asha has signed in

  @any-hour
  Scenario: A paid booking answers with an order and the sandbox checkout
    When Asha books "General Consultation" at "Sunrise Clinic" in interval 1 of the time slot tomorrow at 09:00
    Then Asha is told "Appointment booked successfully"
    And Asha is asked to pay this order:
      | amount      | 5000                                               |
      | currency    | INR                                                |
      | service     | General Consultation                               |
      | description | A 30-minute consultation with a general physician. |
    And Asha's checkout is the sandbox page, showing "₹50.00"

  Scenario: A forged payment result is refused
    Given Asha has booked "General Consultation" at "Sunrise Clinic" in interval 1 of the time slot tomorrow at 09:00
    When Asha reports a payment for her order with a signature she made up
    Then Asha is told "The payment could not be verified"
    And Asha's appointment tomorrow at 09:00 is not paid

  Scenario: Paying through the sandbox marks the appointment paid; the clinic still confirms it
    Given Asha has booked "General Consultation" at "Sunrise Clinic" in interval 1 of the time slot tomorrow at 09:00
    When Asha pays her order in the sandbox checkout
    And Asha reports the payment
    Then Asha is told "Payment received; your appointment will be confirmed shortly"
    And Asha's appointment tomorrow at 09:00 is soon paid and pending

  Scenario: Once paid, the user hears the appointment is booked (it awaited payment until then)
    When Asha books "General Consultation" at "Sunrise Clinic" in interval 3 of the time slot tomorrow at 09:00
    Then Asha soon has the notification "Your appointment for General Consultation at Sunrise Clinic on <tomorrow, 10:00 AM> awaits payment."
    When Asha pays her order in the sandbox checkout
    And Asha reports the payment
    Then Asha soon has the notification "Your payment for General Consultation at Sunrise Clinic on <tomorrow, 10:00 AM> is received: it awaits the provider's confirmation."

  Scenario: A paid service with automatic booking is scheduled once it is paid
    Given Sunita has signed in
    And Sunita has added this service:
      | name              | Express Check        |
      | description       | A quick paid check   |
      | minutes           | 15                   |
      | price             | ₹10.00                  |
      | automatic booking | yes                  |
    And Sunita has added a time slot tomorrow from 13:00 to 14:00 for "Express Check", split into 2
    And Asha has booked "Express Check" at "Sunrise Clinic" in interval 1 of the time slot tomorrow at 13:00
    And Asha's appointment tomorrow at 13:00 is pending
    When Asha pays her order in the sandbox checkout
    And Asha reports the payment
    Then Asha's appointment tomorrow at 13:00 is soon paid and scheduled

  Scenario: Nobody else can pay for a user's order
    Given Ben has registered as a user
    And Ben has signed in
    And Asha has booked "General Consultation" at "Sunrise Clinic" in interval 1 of the time slot tomorrow at 09:00
    When Ben tries to pay Asha's order in the sandbox checkout
    Then Ben is told "Appointment not found"
    When Asha pays her order in the sandbox checkout
    And Ben reports Asha's payment as his own
    Then Ben is told "Appointment not found"
    And Asha's appointment tomorrow at 09:00 is not paid

  # The product waits 15 minutes; a scenario tagged @jobs runs the job queue with a wait of
  # 1.5 seconds instead.
  @jobs
  Scenario: A booking left unpaid is cancelled after the payment timeout, and its interval is free again
    Given Ben has registered as a user
    And Ben has signed in
    And Asha has booked "General Consultation" at "Sunrise Clinic" in interval 1 of the time slot tomorrow at 09:00
    When Asha leaves her order unpaid past the payment timeout
    Then Asha's appointment tomorrow at 09:00 is soon cancelled
    And Ben sees no interval of the time slot tomorrow at 09:00 at "Sunrise Clinic" as taken
    When Ben books "General Consultation" at "Sunrise Clinic" in interval 1 of the time slot tomorrow at 09:00
    Then Ben is told "Appointment booked successfully"

  @jobs
  Scenario: A booking paid in time is not cancelled by the payment timeout
    Given Asha has booked "General Consultation" at "Sunrise Clinic" in interval 1 of the time slot tomorrow at 09:00
    When Asha pays her order in the sandbox checkout
    And Asha reports the payment
    And Asha's appointment tomorrow at 09:00 is soon paid and pending
    And Asha leaves her order unpaid past the payment timeout
    Then Asha's appointment tomorrow at 09:00 is still pending
