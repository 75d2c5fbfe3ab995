Feature: A user cancels her appointment
  A user cancels her own upcoming appointment (issue 29). Its interval is free for anyone at
  once, she and the provider's admin are told, and nobody else can cancel it. A cancellation
  after the deadline of the provider's booking policy is recorded as late; with nothing paid,
  it costs nothing.

  Background:
    Given the demo accounts exist, among them:
      | person | e-mail            | role  |
      | Sunita | admin@example.com | admin |
      | Asha   | user@example.com  | user  |
    And Asha has signed in
    And Sunita has signed in

  Scenario: A user cancels; the interval is free and the clinic is told
    Given Ben has registered as a user
    And Ben has signed in
    And Asha has booked "Follow-up Visit" at "Sunrise Clinic" in interval 2 of the time slot in 3 days at 09:00
    When Asha cancels her latest appointment
    Then Asha is told "Appointment cancelled"
    And Asha soon has the notification "Your appointment for Follow-up Visit at Sunrise Clinic on <in 3 days, 9:30 AM> is cancelled."
    And Sunita soon has the notification "Asha User cancelled Follow-up Visit on <in 3 days, 9:30 AM>."
    When Ben books "Follow-up Visit" at "Sunrise Clinic" in interval 2 of the time slot in 3 days at 09:00
    Then Ben is told "Appointment booked successfully"

  Scenario: Nobody cancels another person's appointment
    Given Ben has registered as a user
    And Ben has signed in
    And Asha has booked "Follow-up Visit" at "Sunrise Clinic" in interval 2 of the time slot in 3 days at 09:00
    When Ben tries to cancel Asha's latest appointment
    Then Ben is told "Appointment not found"
    And Asha's appointment in 3 days at 09:30 is still scheduled

  @jobs
  Scenario: A paid appointment cancelled in time is refunded in full
    Given Asha has booked "General Consultation" at "Sunrise Clinic" in interval 2 of the time slot in 3 days at 09:00
    And Asha pays her order in the sandbox checkout
    And Asha reports the payment
    And Asha's appointment in 3 days at 09:30 is soon paid and pending
    When Asha cancels her latest appointment
    Then Asha is told "Appointment cancelled"
    And Asha gets back ₹50.00, and the clinic keeps nothing
    And Asha soon has the notification "₹50.00 of your payment for General Consultation at Sunrise Clinic on <in 3 days, 9:30 AM> was refunded."

  @jobs
  Scenario: Cancelled after the deadline, the late fee of the policy is kept
    Given Sunita has set the booking policy: free cancellation until 720 hours before, then a fee of 20 percent
    And Asha has booked "General Consultation" at "Sunrise Clinic" in interval 2 of the time slot in 3 days at 09:00
    And Asha pays her order in the sandbox checkout
    And Asha reports the payment
    And Asha's appointment in 3 days at 09:30 is soon paid and pending
    When Asha cancels her latest appointment
    Then Asha gets back ₹40.00, and the clinic keeps ₹10.00
    And Asha soon has the notification "₹40.00 of your payment for General Consultation at Sunrise Clinic on <in 3 days, 9:30 AM> was refunded."

  Scenario: A user moves her appointment to a later interval; the old one is free and the clinic is told
    Given Ben has registered as a user
    And Ben has signed in
    And Asha has booked "Follow-up Visit" at "Sunrise Clinic" in interval 2 of the time slot in 3 days at 09:00
    When Asha moves her latest appointment to interval 4 of the time slot at "Sunrise Clinic" in 3 days at 09:00
    Then Asha is told "Appointment rescheduled"
    And Asha soon has the notification "Your appointment for Follow-up Visit at Sunrise Clinic moved from <in 3 days, 9:30 AM> to <in 3 days, 10:30 AM>."
    And Sunita soon has the notification "Asha User's appointment for Follow-up Visit moved from <in 3 days, 9:30 AM> to <in 3 days, 10:30 AM>."
    When Ben books "Follow-up Visit" at "Sunrise Clinic" in interval 2 of the time slot in 3 days at 09:00
    Then Ben is told "Appointment booked successfully"

  Scenario: A move lost to a racer keeps the old appointment
    Given Ben has registered as a user
    And Ben has signed in
    And Asha has booked "Follow-up Visit" at "Sunrise Clinic" in interval 2 of the time slot in 3 days at 09:00
    And Ben has booked "Follow-up Visit" at "Sunrise Clinic" in interval 4 of the time slot in 3 days at 09:00
    When Asha moves her latest appointment to interval 4 of the time slot at "Sunrise Clinic" in 3 days at 09:00
    Then Asha is told "This slot was just booked"
    And Asha's appointment in 3 days at 09:30 is still scheduled

  Scenario: The e-mail link cancels without signing in, and only for what it was made for
    Given Asha has booked "Follow-up Visit" at "Sunrise Clinic" in interval 2 of the time slot in 3 days at 09:00
    When a visitor uses the reschedule link of Asha's latest booking e-mail to cancel
    Then the visitor is refused with "This link is not valid for this appointment. Please use the newest e-mail about it."
    When a visitor confirms the cancel link of Asha's latest booking e-mail
    Then the visitor is told "Appointment cancelled"
    And Sunita soon has the notification "Asha User cancelled Follow-up Visit on <in 3 days, 9:30 AM>."
