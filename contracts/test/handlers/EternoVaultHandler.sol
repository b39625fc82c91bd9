// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {EternoVault} from "../../src/EternoVault.sol";
import {VaultSigning} from "../utils/VaultSigning.sol";

/// @notice Random deposits, withdrawals, exchanges and fundings by a few users, replays of used vouchers,
///         expired vouchers and vouchers of a retired signer, and the owner's actions (caps lowered at once,
///         cap proposals, activations and cancellations, pause and unpause within the pause rules, signer
///         proposal / activation / cancellation), with time passing. Each call's outcome is predicted from
///         the handler's own model of the rules (net outflow per token and day, payouts per user and day,
///         exchange budgets, the pause's hold on withdrawals); a refusal must be the predicted one. Records
///         every movement.
contract EternoVaultHandler is VaultSigning {
    EternoVault public immutable vault;
    IERC20[] public tokens;
    address[] public users;
    address public immutable funder = address(0xF00D);
    uint256 public immutable signerDelay;
    uint256 public immutable maxPause;

    uint256 public signerKey;
    uint256 public pendingKey;
    uint256 public retiredKey;
    uint256 private keySeq = 0x5100;

    /// @dev The last voucher that paid, kept for replays.
    WithdrawMsg private lastVoucher;
    Sig private lastSig;
    bool private haveLast;

    // The model of the rules.
    mapping(address token => uint256 day) public modelDay;
    mapping(address token => uint256 amount) public modelNetPaid;
    mapping(address user => mapping(address token => uint256 day)) public modelUserDay;
    mapping(address user => mapping(address token => uint256 amount)) public modelUserPaid;
    mapping(address token => uint256 amount) public modelBudget;
    mapping(address token => uint256 time) public modelProposedAt;
    bool public modelPaused;
    uint256 public modelFrozenUntil;
    uint256 public lastPauseStart;

    mapping(address token => uint256 amount) public ghostDeposited;
    mapping(address token => uint256 amount) public ghostFunded;
    mapping(address token => uint256 amount) public ghostExchangedIn;
    mapping(address token => uint256 amount) public ghostExchangedOut;
    mapping(address token => uint256 amount) public ghostPaidOut;
    mapping(address user => mapping(uint8 kind => uint256 count)) public ghostAccepted;
    uint256 public ghostSignedWithdraw;
    uint256 public ghostPaidWithdraw;
    /// @dev Each must stay 0: a replay, an expired voucher or a retired signer's voucher that paid; a payout
    ///      over a cap; a cap raised without a proposal at least the signer delay old; a withdrawal refused
    ///      by a pause more than the pause maximum after it began.
    uint256 public ghostReplaysPaid;
    uint256 public ghostExpiredPaid;
    uint256 public ghostRetiredPaid;
    uint256 public ghostCapBreaches;
    uint256 public ghostEarlyRaises;
    uint256 public ghostOverlongHolds;

    uint256 public calls;
    uint256 public refusals;

    constructor(
        EternoVault vault_,
        IERC20[] memory tokens_,
        address[] memory users_,
        uint256 signerKey_,
        uint256[] memory initialBudgets
    ) {
        vault = vault_;
        tokens = tokens_;
        users = users_;
        signerKey = signerKey_;
        signerDelay = vault_.SIGNER_DELAY();
        maxPause = vault_.MAX_PAUSE();
        for (uint256 i = 0; i < tokens_.length; i++) {
            modelBudget[address(tokens_[i])] = initialBudgets[i];
        }
    }

    function userCount() external view returns (uint256) {
        return users.length;
    }

    function tokenCount() external view returns (uint256) {
        return tokens.length;
    }

    /// @notice Today's net outflow of `token` in the model.
    function modelPaidToday(address token) external view returns (uint256) {
        return modelDay[token] == today() ? modelNetPaid[token] : 0;
    }

    /// @notice What `user` was paid of `token` today in the model.
    function modelUserPaidToday(address user, address token) external view returns (uint256) {
        return modelUserDay[user][token] == today() ? modelUserPaid[user][token] : 0;
    }

    // ------------------------------------------------------------ users

    function deposit(uint256 userSeed, uint256 tokenSeed, uint256 amount, uint256 custom) external {
        address user = users[userSeed % users.length];
        IERC20 token = tokens[tokenSeed % tokens.length];
        uint256 balance = token.balanceOf(user);
        if (balance == 0) return;
        amount = bound(amount, 1, balance < 50_000e18 ? balance : 50_000e18);
        DiveInMsg memory m =
            DiveInMsg(user, custom % 3, 0, address(token), amount, vault.nonces(user, 0), block.timestamp + 30 minutes);
        Sig memory sig = signDiveIn(signerKey, address(vault), m);
        (bool allowed,,,,,) = vault.tokenInfo(address(token));
        bytes memory expected = modelPaused
            ? abi.encodeWithSelector(EternoVault.VaultPaused.selector)
            : !allowed ? abi.encodeWithSelector(EternoVault.TokenNotAllowed.selector, address(token)) : bytes("");

        uint256 held = token.balanceOf(address(vault));
        vm.prank(user);
        try vault.diveInWithToken(m.custom, m.custom1, m.token, m.amount, m.deadline, sig.r, sig.s, sig.v) {
            require(expected.length == 0, "a deposit that should be refused went through");
            uint256 received = token.balanceOf(address(vault)) - held;
            ghostDeposited[address(token)] += received;
            takeIn(address(token), received, false);
            ghostAccepted[user][0]++;
            calls++;
        } catch (bytes memory reason) {
            require(keccak256(reason) == keccak256(expected), "a deposit refused for the wrong reason");
            refusals++;
        }
    }

    function withdraw(uint256 userSeed, uint256 tokenSeed, uint256 amount) external {
        address user = users[userSeed % users.length];
        IERC20 token = tokens[tokenSeed % tokens.length];
        amount = bound(amount, 1, 120_000e18);
        WithdrawMsg memory m =
            WithdrawMsg(user, address(token), amount, vault.nonces(user, 1), block.timestamp + 30 minutes);
        Sig memory sig = signWithdraw(signerKey, address(vault), m);
        ghostSignedWithdraw += amount;
        bytes memory expected = block.timestamp < modelFrozenUntil
            ? abi.encodeWithSelector(EternoVault.WithdrawalsPaused.selector, modelFrozenUntil)
            : payoutRefusal(address(token), user, amount, false);

        vm.prank(user);
        try vault.withdraw(m.token, m.amount, m.deadline, sig.r, sig.s, sig.v) {
            require(expected.length == 0, "a withdrawal that should be refused went through");
            recordPayout(address(token), user, amount, false);
            ghostPaidWithdraw += amount;
            ghostAccepted[user][1]++;
            lastVoucher = m;
            lastSig = sig;
            haveLast = true;
            calls++;
        } catch (bytes memory reason) {
            require(keccak256(reason) == keccak256(expected), "a withdrawal refused for the wrong reason");
            if (block.timestamp < modelFrozenUntil && block.timestamp >= lastPauseStart + maxPause) {
                ghostOverlongHolds++;
            }
            refusals++;
        }
    }

    function exchange(uint256 userSeed, uint256 inSeed, uint256 outSeed, uint256 amountIn, uint256 amountOut) external {
        address user = users[userSeed % users.length];
        uint256 inIndex = inSeed % tokens.length;
        IERC20 tokenIn = tokens[inIndex];
        IERC20 tokenOut = tokens[(inIndex + 1 + outSeed % (tokens.length - 1)) % tokens.length];
        uint256 balance = tokenIn.balanceOf(user);
        if (balance == 0) return;
        amountIn = bound(amountIn, 1, balance < 50_000e18 ? balance : 50_000e18);
        amountOut = bound(amountOut, 1, 120_000e18);
        ExchangeMsg memory m = ExchangeMsg(
            user,
            address(tokenIn),
            amountIn,
            address(tokenOut),
            amountOut,
            vault.nonces(user, 2),
            block.timestamp + 2 minutes
        );
        Sig memory sig = signExchange(signerKey, address(vault), m);
        (bool allowed,,,,,) = vault.tokenInfo(address(tokenIn));
        bytes memory expected;
        if (modelPaused) {
            expected = abi.encodeWithSelector(EternoVault.VaultPaused.selector);
        } else if (!allowed) {
            expected = abi.encodeWithSelector(EternoVault.TokenNotAllowed.selector, address(tokenIn));
        } else if (receivedOf(tokenIn, amountIn) < amountIn) {
            expected = abi.encodeWithSelector(
                EternoVault.InsufficientReceived.selector, amountIn, receivedOf(tokenIn, amountIn)
            );
        } else {
            expected = payoutRefusal(address(tokenOut), user, amountOut, true);
        }

        uint256 heldIn = tokenIn.balanceOf(address(vault));
        vm.prank(user);
        try vault.pureTransfer(m.amountIn, m.amountOut, m.tokenIn, m.tokenOut, m.deadline, sig.r, sig.s, sig.v) {
            require(expected.length == 0, "an exchange that should be refused went through");
            uint256 received = tokenIn.balanceOf(address(vault)) - heldIn;
            ghostExchangedIn[address(tokenIn)] += received;
            takeIn(address(tokenIn), received, true);
            recordPayout(address(tokenOut), user, amountOut, true);
            ghostAccepted[user][2]++;
            calls++;
        } catch (bytes memory reason) {
            require(keccak256(reason) == keccak256(expected), "an exchange refused for the wrong reason");
            refusals++;
        }
    }

    function fund(uint256 tokenSeed, uint256 amount) external {
        IERC20 token = tokens[tokenSeed % tokens.length];
        amount = bound(amount, 1, 100_000e18);
        (bool allowed,,,,,) = vault.tokenInfo(address(token));
        uint256 held = token.balanceOf(address(vault));
        vm.startPrank(funder);
        token.approve(address(vault), amount);
        try vault.fund(address(token), amount) {
            require(allowed, "a funding of a token not allowed went through");
            uint256 received = token.balanceOf(address(vault)) - held;
            ghostFunded[address(token)] += received;
            takeIn(address(token), received, true);
        } catch (bytes memory reason) {
            require(
                !allowed
                    && keccak256(reason)
                        == keccak256(abi.encodeWithSelector(EternoVault.TokenNotAllowed.selector, address(token))),
                "a funding refused for the wrong reason"
            );
            refusals++;
        }
        vm.stopPrank();
    }

    /// @dev The voucher that paid last, sent again by its user: must be refused.
    function replayLastVoucher() external {
        if (!haveLast) return;
        WithdrawMsg memory m = lastVoucher;
        Sig memory sig = lastSig;
        vm.prank(m.user);
        try vault.withdraw(m.token, m.amount, m.deadline, sig.r, sig.s, sig.v) {
            ghostReplaysPaid++;
        } catch {
            refusals++;
        }
    }

    /// @dev A voucher of the current signer whose deadline has passed: must be refused.
    function expiredVoucher(uint256 userSeed, uint256 tokenSeed, uint256 late) external {
        address user = users[userSeed % users.length];
        address token = address(tokens[tokenSeed % tokens.length]);
        uint256 deadline = block.timestamp - bound(late, 1, 1 days);
        WithdrawMsg memory m = WithdrawMsg(user, token, 1e18, vault.nonces(user, 1), deadline);
        Sig memory sig = signWithdraw(signerKey, address(vault), m);
        vm.prank(user);
        try vault.withdraw(m.token, m.amount, m.deadline, sig.r, sig.s, sig.v) {
            ghostExpiredPaid++;
        } catch {
            refusals++;
        }
    }

    /// @dev A fresh voucher signed by the signer retired in the last rotation: must be refused.
    function retiredSignerVoucher(uint256 userSeed, uint256 tokenSeed) external {
        if (retiredKey == 0) return;
        address user = users[userSeed % users.length];
        address token = address(tokens[tokenSeed % tokens.length]);
        WithdrawMsg memory m = WithdrawMsg(user, token, 1e18, vault.nonces(user, 1), block.timestamp + 30 minutes);
        Sig memory sig = signWithdraw(retiredKey, address(vault), m);
        vm.prank(user);
        try vault.withdraw(m.token, m.amount, m.deadline, sig.r, sig.s, sig.v) {
            ghostRetiredPaid++;
        } catch {
            refusals++;
        }
    }

    // ------------------------------------------------------------ owner

    /// @dev Lowers (or keeps) a token's caps and (dis)allows it at once; one call in four tries to raise a cap
    ///      this way, which must be refused.
    function setToken(uint256 tokenSeed, bool allowed, uint256 perTxCap, uint256 perDayCap, uint256 perUserDayCap)
        external
    {
        address token = address(tokens[tokenSeed % tokens.length]);
        (, uint256 txCap, uint256 dayCap,, uint256 userCap,) = vault.tokenInfo(token);
        if (perTxCap % 4 == 0) {
            try vault.setToken(token, allowed, txCap + 1, dayCap, userCap) {
                ghostEarlyRaises++;
            } catch (bytes memory reason) {
                require(
                    keccak256(reason)
                        == keccak256(abi.encodeWithSelector(EternoVault.CapIncreaseNeedsProposal.selector, token)),
                    "a raise refused for the wrong reason"
                );
                refusals++;
            }
            return;
        }
        uint256 newTx = bound(perTxCap, 0, txCap);
        uint256 newDay = bound(perDayCap, 0, dayCap);
        uint256 newUser = bound(perUserDayCap, 0, userCap);
        vault.setToken(token, allowed, newTx, newDay, newUser);
        if (newTx < txCap || newDay < dayCap || newUser < userCap) modelProposedAt[token] = 0;
    }

    function proposeTokenCaps(uint256 tokenSeed, uint256 perTxCap, uint256 perDayCap, uint256 perUserDayCap) external {
        address token = address(tokens[tokenSeed % tokens.length]);
        vault.proposeTokenCaps(
            token, bound(perTxCap, 0, 150_000e18), bound(perDayCap, 0, 400_000e18), bound(perUserDayCap, 0, 200_000e18)
        );
        modelProposedAt[token] = block.timestamp;
    }

    function activateTokenCaps(uint256 tokenSeed) external {
        address token = address(tokens[tokenSeed % tokens.length]);
        uint256 proposedAt = modelProposedAt[token];
        bytes memory expected = proposedAt == 0
            ? abi.encodeWithSelector(EternoVault.NoCapProposal.selector, token)
            : block.timestamp < proposedAt + signerDelay
                ? abi.encodeWithSelector(EternoVault.CapsNotReady.selector, token, proposedAt + signerDelay)
                : bytes("");
        try vault.activateTokenCaps(token) {
            require(expected.length == 0, "an activation that should be refused went through");
            if (proposedAt == 0 || block.timestamp < proposedAt + signerDelay) ghostEarlyRaises++;
            modelProposedAt[token] = 0;
        } catch (bytes memory reason) {
            require(keccak256(reason) == keccak256(expected), "an activation refused for the wrong reason");
            refusals++;
        }
    }

    function cancelTokenCaps(uint256 tokenSeed) external {
        address token = address(tokens[tokenSeed % tokens.length]);
        if (modelProposedAt[token] == 0) return;
        vault.cancelTokenCaps(token);
        modelProposedAt[token] = 0;
    }

    /// @dev Unpauses when paused; otherwise pauses, which the cooldown may refuse.
    function togglePause() external {
        if (modelPaused) {
            vault.unpause();
            modelPaused = false;
            if (modelFrozenUntil > block.timestamp) modelFrozenUntil = block.timestamp;
            return;
        }
        uint256 next = modelFrozenUntil == 0 ? 0 : modelFrozenUntil + maxPause;
        if (block.timestamp < next) {
            try vault.pause() {
                revert("a pause within the cooldown went through");
            } catch (bytes memory reason) {
                require(
                    keccak256(reason) == keccak256(abi.encodeWithSelector(EternoVault.PauseCooldown.selector, next)),
                    "a pause refused for the wrong reason"
                );
                refusals++;
            }
            return;
        }
        vault.pause();
        modelPaused = true;
        lastPauseStart = block.timestamp;
        modelFrozenUntil = block.timestamp + maxPause;
    }

    function proposeSigner() external {
        pendingKey = ++keySeq;
        vault.proposeSigner(vm.addr(pendingKey));
    }

    function activateSigner() external {
        if (pendingKey == 0 || block.timestamp < vault.pendingSignerEta()) return;
        vault.activateSigner();
        retiredKey = signerKey;
        signerKey = pendingKey;
        pendingKey = 0;
    }

    function cancelSignerProposal() external {
        if (pendingKey == 0) return;
        vault.cancelSignerProposal();
        pendingKey = 0;
    }

    function warp(uint256 seconds_) external {
        vm.warp(block.timestamp + bound(seconds_, 1, 2 days));
    }

    // ------------------------------------------------------------ internals

    function today() private view returns (uint256) {
        return block.timestamp / 1 days;
    }

    /// @dev The refusal a payout of `amount` of `token` to `user` must meet now (after any pause check), or
    ///      "" when it must pay; from the model of the day caps and the budget.
    function payoutRefusal(address token, address user, uint256 amount, bool isExchange)
        private
        view
        returns (bytes memory)
    {
        (, uint256 perTxCap, uint256 perDayCap,, uint256 perUserDayCap,) = vault.tokenInfo(token);
        if (amount > perTxCap) return abi.encodeWithSelector(EternoVault.OverTxCap.selector, amount, perTxCap);
        uint256 paid = this.modelPaidToday(token);
        uint256 remaining = perDayCap > paid ? perDayCap - paid : 0;
        if (amount > remaining) return abi.encodeWithSelector(EternoVault.OverDayCap.selector, amount, remaining);
        uint256 budget = modelBudget[token];
        if (isExchange && amount > budget) {
            return abi.encodeWithSelector(EternoVault.ExchangeBudgetExceeded.selector, amount, budget);
        }
        uint256 userPaid = this.modelUserPaidToday(user, token);
        uint256 userRemaining = perUserDayCap > userPaid ? perUserDayCap - userPaid : 0;
        if (amount > userRemaining) {
            return abi.encodeWithSelector(EternoVault.OverUserDayCap.selector, amount, userRemaining);
        }
        return shortfallRefusal(token, amount);
    }

    /// @dev The refusal of a transfer of `amount` of `token` out of the vault, or "" when it holds enough.
    function shortfallRefusal(address token, uint256 amount) private view returns (bytes memory) {
        uint256 held = IERC20(token).balanceOf(address(vault));
        if (amount <= held) return "";
        bytes4 short = IERC20Errors.ERC20InsufficientBalance.selector;
        if (token != address(tokens[tokens.length - 1])) {
            return abi.encodeWithSelector(short, address(vault), held, amount);
        }
        // The fee token burns its 1 % from the sender first, then moves the rest: whichever part fails names it.
        uint256 fee = amount / 100;
        if (fee > held) return abi.encodeWithSelector(short, address(vault), held, fee);
        return abi.encodeWithSelector(short, address(vault), held - fee, amount - fee);
    }

    /// @dev What the vault receives of `amount` sent in `token` (the fee token, the last one, burns 1 %).
    function receivedOf(IERC20 token, uint256 amount) private view returns (uint256) {
        return address(token) == address(tokens[tokens.length - 1]) ? amount - amount / 100 : amount;
    }

    /// @dev `received` of `token` came in: the model's net outflow of today goes down (floor 0) and, for a
    ///      funding or an exchange input, its budget up.
    function takeIn(address token, uint256 received, bool toBudget) private {
        uint256 paid = this.modelPaidToday(token);
        modelDay[token] = today();
        modelNetPaid[token] = paid > received ? paid - received : 0;
        if (toBudget) modelBudget[token] += received;
    }

    function recordPayout(address token, address user, uint256 amount, bool isExchange) private {
        (, uint256 perTxCap, uint256 perDayCap,, uint256 perUserDayCap,) = vault.tokenInfo(token);
        uint256 paid = this.modelPaidToday(token) + amount;
        uint256 userPaid = this.modelUserPaidToday(user, token) + amount;
        if (amount > perTxCap || paid > perDayCap || userPaid > perUserDayCap) ghostCapBreaches++;
        modelDay[token] = today();
        modelNetPaid[token] = paid;
        modelUserDay[user][token] = today();
        modelUserPaid[user][token] = userPaid;
        if (isExchange) {
            modelBudget[token] -= amount;
            ghostExchangedOut[token] += amount;
        }
        ghostPaidOut[token] += amount;
    }
}
