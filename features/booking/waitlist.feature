Feature: The waitlist of a full place
  A user may wait for a full place (issue 31). When it frees, the first person waiting, in order
  of joining, is offered it: the place is held for them alone for the provider's offer window
  (15 minutes unless the provider sets another), and they are told live and by e-mail. A claim
  books it once; a decline passes it to the next person waiting; with nobody left it is free for
  anyone again.

  Background:
    Given the demo accounts exist, among them:
      | person | e-mail            | role  |
      | Sunita | admin@example.com | admin |
      | Asha   | user@example.com  | user  |
    And Asha has signed in
    And Ben has registered as a user
    And Ben has signed in
    And Cara has registered as a user
    And Cara has signed in
    And Asha has booked "Follow-up Visit" at "Sunrise Clinic" in interval 2 of the time slot in 3 days at 09:00

  Scenario: The first person waiting gets the freed place, and nobody else can book it
    When Ben joins the waitlist of interval 2 of the time slot in 3 days at 09:00 at "Sunrise Clinic"
    Then Ben is told "You are on the waitlist"
    When Cara joins the waitlist of interval 2 of the time slot in 3 days at 09:00 at "Sunrise Clinic"
    Then Cara is number 2 on the waitlist
    When Asha cancels her latest appointment
    Then Ben is soon offered the place
    And Ben soon has an e-mail "A place is free: Follow-up Visit" with the link to claim it
    When Cara books "Follow-up Visit" at "Sunrise Clinic" in interval 2 of the time slot in 3 days at 09:00
    Then Cara is told "This slot was just booked"
    When Ben claims the place offered to him
    Then Ben is told "The place is yours"

  Scenario: A declined offer passes to the next person waiting
    Given Ben has joined the waitlist of interval 2 of the time slot in 3 days at 09:00 at "Sunrise Clinic"
    And Cara has joined the waitlist of interval 2 of the time slot in 3 days at 09:00 at "Sunrise Clinic"
    When Asha cancels her latest appointment
    And Ben declines the place offered to him
    Then Ben is told "Offer declined: the place passes to the next person"
    And Cara is soon offered the place

  Scenario: A free place is booked, not waited for
    When Ben joins the waitlist of interval 3 of the time slot in 3 days at 09:00 at "Sunrise Clinic"
    Then Ben is told "This place is free: book it instead"
